# The Debian package, for Scripts/release.sh --deb, which sources this file: build_deb packs the
# unpacked release archive into setduel_VERSION_ARCH.deb with dpkg-deb and runs lintian on it;
# install_check installs it with apt, purges it, and checks that nothing is left behind.
# The maintainer named in the package is $DEBFULLNAME <$DEBEMAIL> when those are set.

# Writes the package from the unpacked archive $1 into the folder $2; sets deb_name.
build_deb() {
  local from=$1 into=$2 package_arch root maintainer depends
  for tool in dpkg-deb dpkg-shlibdeps lintian; do
    command -v "$tool" >/dev/null || fail "--deb needs $tool (apt-get install dpkg-dev lintian)"
  done
  package_arch=$(dpkg --print-architecture)
  deb_name="setduel_${version}_${package_arch}.deb"
  step "packing $deb_name"
  root="$work/deb"
  rm -rf "$root"
  install -D -m 755 "$from/setduel" "$root/usr/bin/setduel"
  install -d -m 755 "$root/usr/share/man/man1" "$root/usr/share/doc/setduel"
  gzip -9n <"$from/setduel.1" >"$root/usr/share/man/man1/setduel.1.gz"
  install -D -m 644 "$from/completions/setduel.bash" "$root/usr/share/bash-completion/completions/setduel"
  install -D -m 644 "$from/completions/_setduel" "$root/usr/share/zsh/vendor-completions/_setduel"
  install -D -m 644 "$from/completions/setduel.fish" "$root/usr/share/fish/vendor_completions.d/setduel.fish"
  gzip -9n <"$from/README.md" >"$root/usr/share/doc/setduel/README.md.gz"
  gzip -9n <"$from/protocol.md" >"$root/usr/share/doc/setduel/protocol.md.gz"
  install -D -m 644 /dev/stdin "$root/usr/lib/systemd/system/setduel.service" <<'UNIT'
[Unit]
Description=SetDuel table server
Documentation=man:setduel(1)
After=network-online.target
Wants=network-online.target

[Service]
# A user made for the service while it runs; the game records are kept in /var/lib/setduel.
DynamicUser=yes
StateDirectory=setduel
ExecStart=/usr/bin/setduel serve --records /var/lib/setduel/records
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT

  # The years of the commits, for the copyright notice.
  local first last years
  last=$(date -u -d "@$epoch" +%Y)
  first=$(git log --max-parents=0 --format=%ad --date=format:%Y HEAD 2>/dev/null | sed -n 1p) || first=""
  years=${first:-$last}
  [ "$years" = "$last" ] || years="$years-$last"
  maintainer="${DEBFULLNAME:-SetDuel maintainers} <${DEBEMAIL:-setduel@example.org}>"
  install -m 644 /dev/stdin "$root/usr/share/doc/setduel/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: setduel
Comment: No licence is stated for SetDuel; ask its authors before passing this package on.

Files: *
Copyright: $years the SetDuel authors
License: no-licence-stated
 The SetDuel sources state no licence.
COPYRIGHT
  gzip -9n >"$root/usr/share/doc/setduel/changelog.gz" <<CHANGELOG
setduel ($version) unstable; urgency=medium

  * Release $version, built from commit $commit.

 -- $maintainer  $(LC_ALL=C date -u -R -d "@$epoch")
CHANGELOG

  # The libraries the binary links, as package dependencies.
  mkdir -p "$work/shlibs/debian"
  printf 'Source: setduel\n\nPackage: setduel\nArchitecture: any\n' >"$work/shlibs/debian/control"
  depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/setduel" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
  [ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies for setduel"

  install -d -m 755 "$root/DEBIAN"
  (cd "$root" && find usr -type f -exec md5sum {} + | LC_ALL=C sort -k 2) >"$root/DEBIAN/md5sums"
  chmod 644 "$root/DEBIAN/md5sums"
  cat >"$root/DEBIAN/control" <<CONTROL
Package: setduel
Version: $version
Architecture: $package_arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: misc
Priority: optional
Description: two-player Set head to head over a network
 A small TCP server deals one shared table of the card game Set, judges
 every pick and runs the clocks; people play from a full-screen terminal
 client, from telnet or nc, or against the computer. Tables are announced on
 the LAN with DNS-SD, every game is recorded and can be replayed and checked,
 and players are rated from the records.
 .
 The package includes a systemd unit, setduel.service, that serves a table
 as a dynamic user; it is not enabled: systemctl enable --now setduel.
CONTROL
  # The unit is known to systemd once installed, and forgotten, enabled or not, once removed.
  install -m 755 /dev/stdin "$root/DEBIAN/postinst" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = configure ] && [ -d /run/systemd/system ]; then
  systemctl --system daemon-reload >/dev/null || true
fi
SCRIPT
  install -m 755 /dev/stdin "$root/DEBIAN/prerm" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ] && command -v deb-systemd-invoke >/dev/null; then
  deb-systemd-invoke stop setduel.service >/dev/null || true
fi
SCRIPT
  install -m 755 /dev/stdin "$root/DEBIAN/postrm" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  # The links `systemctl enable setduel` made.
  rm -f /etc/systemd/system/multi-user.target.wants/setduel.service
  if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
  fi
fi
if [ "$1" = purge ]; then
  # The game records the service kept.
  rm -rf /var/lib/private/setduel /var/lib/setduel
fi
SCRIPT

  dpkg-deb --root-owner-group -Zxz --build "$root" "$into/$deb_name" >/dev/null
  step "lintian $deb_name"
  # lintian exits non-zero on errors; warnings and notes are shown.
  lintian --fail-on error --tag-display-limit 0 "$into/$deb_name" >&2 || fail "lintian reports errors in $deb_name"
  if command -v systemd-analyze >/dev/null && [ -d /run/systemd/system ]; then
    systemd-analyze verify "$root/usr/lib/systemd/system/setduel.service" >&2 || fail "the systemd unit does not verify"
  fi
  dpkg-deb --contents "$into/$deb_name" | awk '{print "  " $6}' >&2
}

# Every path on this file system, but those the package manager, caches, logs and people's work change.
filesystem_listing() {
  find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /var/tmp \
    -o -path /var/cache -o -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/log -o -path /root \
    -o -path /home -o -path /work \) -prune -o -print | LC_ALL=C sort
}

# Installs the package $1 with apt, checks it, purges it, and checks that the file system is as before.
install_check() {
  local package path before after
  package=$(readlink -f "$1")
  [ "$(id -u)" = 0 ] || fail "--install-check needs root"
  if dpkg -s setduel >/dev/null 2>&1; then fail "setduel is installed already; --install-check needs it absent"; fi
  step "installing $(basename "$package") with apt, then purging it"
  before="$work/before.txt"
  after="$work/after.txt"
  filesystem_listing >"$before"
  trap 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq -o DPkg::Lock::Timeout=300 setduel >/dev/null 2>&1 || true; cleanup' EXIT
  apt_get install "$package"
  while IFS= read -r path; do
    [ -e "$path" ] || fail "dpkg -L setduel lists $path, which is not there"
  done < <(dpkg -L setduel)
  for path in /usr/bin/setduel /usr/share/man/man1/setduel.1.gz /usr/share/bash-completion/completions/setduel \
    /usr/share/zsh/vendor-completions/_setduel /usr/share/fish/vendor_completions.d/setduel.fish \
    /usr/lib/systemd/system/setduel.service /usr/share/doc/setduel/copyright /usr/share/doc/setduel/changelog.gz; do
    dpkg -L setduel | grep -qx "$path" || fail "the package lacks $path"
  done
  [[ $(/usr/bin/setduel --version) == "setduel $version "* ]] || fail "/usr/bin/setduel does not say $version"
  man -w setduel >/dev/null || fail "man does not find setduel(1)"
  # The listing sees what the package installed, so its comparisons below can find what is left.
  filesystem_listing >"$after"
  if dpkg -L setduel | grep -vx "/\." | LC_ALL=C sort | LC_ALL=C comm -23 - "$after" | grep .; then
    fail "the file listing misses these installed paths"
  fi
  echo "  installed: $(dpkg -L setduel | wc -l) paths; $(/usr/bin/setduel --version)" >&2
  apt_get remove setduel
  filesystem_listing >"$after"
  if ! diff "$before" "$after" >&2; then fail "the file system differs after apt remove (above)"; fi
  echo "  apt remove: the file listing is as it was before the install" >&2
  apt_get purge setduel
  trap cleanup EXIT
  if dpkg -s setduel >/dev/null 2>&1; then fail "dpkg still knows setduel after apt purge"; fi
  filesystem_listing >"$after"
  if ! diff "$before" "$after" >&2; then fail "the file system differs after apt purge (above)"; fi
  echo "  apt purge: the file listing is as it was, and dpkg no longer knows setduel" >&2
}

# apt-get ACTION PACKAGE, waiting for the package database's lock; its output is shown if it fails.
apt_get() {
  DEBIAN_FRONTEND=noninteractive apt-get "$1" -y -q -o DPkg::Lock::Timeout=300 "$2" >"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log" >&2; fail "apt-get $1 $2 failed"; }
}
