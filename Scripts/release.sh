#!/usr/bin/env bash
# Scripts/release.sh [--smoke] [--deb] [--install-check]
#
# Builds setduel in release mode with the Swift standard library linked in (--static-swift-stdlib),
# so that it runs on a Linux machine without Swift, and writes
#   dist/setduel-VERSION-linux-ARCH.tar.gz   the binary, setduel.1, the bash, zsh and fish completions,
#                                            README.md and protocol.md
#   dist/SHA256SUMS
# The binary records the commit it is built from (`setduel --version` names it; "-dirty" when tracked
# files differ from the commit), as every build does (the CommitStamp plugin writes it in the build
# folder): the script changes no file of the checkout, and checks that the binary names that commit.
# Then it checks the archive: unpacked, with the Swift toolchain's folder hidden under an empty tmpfs
# in a mount namespace of its own (root, or unprivileged user namespaces, are needed), the binary
# prints its version, serves a table on loopback that answers PING and seats its computer player, and
# plays a bot game to its end.
#
# --deb           also writes dist/setduel_VERSION_ARCH.deb with dpkg-deb (/usr/bin/setduel, the man
#                 page, the completions, the docs and the systemd unit setduel.service), and runs
#                 lintian on it, which must report no errors. Needs dpkg-deb, dpkg-shlibdeps and lintian.
# --install-check with --deb, as root: installs the package with apt, checks that what it lists is
#                 there, runs `setduel --version` from /usr/bin, purges it, and checks that nothing it
#                 put anywhere is left. It changes the machine's package database while it runs; it
#                 purges the package again on any failure.
# --smoke         does all of that in a scratch folder that it deletes, leaving dist/ as it was:
#                 CI runs it so that the release cannot rot.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=false deb=false install_check=false
for argument in "$@"; do
  case "$argument" in
    --smoke) smoke=true ;;
    --deb) deb=true ;;
    --install-check) install_check=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown option $argument (see --help)" >&2; exit 2 ;;
  esac
done
if $install_check && ! $deb; then echo "release.sh: --install-check goes with --deb" >&2; exit 2; fi

fail() { echo "release.sh: $*" >&2; exit 1; }
step() { echo "== $*" >&2; }

version=$(sed -n 's/^ *static let release = "\(.*\)"$/\1/p' Sources/setduel/Version.swift)
[ -n "$version" ] || fail "no release in Sources/setduel/Version.swift"
arch=$(uname -m)
name="setduel-$version-linux-$arch"

# The commit, and whether tracked files differ from it; "unknown" outside a git checkout.
commit=unknown
epoch=$(date +%s)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  commit=$(git rev-parse --short=12 HEAD)
  epoch=$(git log -1 --format=%ct HEAD)
  [ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
fi

work=$(mktemp -d /tmp/setduel-release.XXXXXX)
trap 'rm -rf "$work"' EXIT
if $smoke; then out="$work/dist"; else out=dist; fi
mkdir -p "$out"

step "release build of setduel $version ($commit) for $arch, the Swift standard library linked in"
# A build folder of its own: the static standard library changes every compile, and sharing
# .build/release would make this build and the benchmarks' rebuild everything in turn.
build=(swift build -c release --static-swift-stdlib --product setduel --scratch-path .build/static-release)
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/setduel"

step "packing $name.tar.gz"
stage="$work/stage/$name"
mkdir -p "$stage/completions"
install -m 755 "$binary" "$stage/setduel"
strip --remove-section=.comment "$stage/setduel"
"$stage/setduel" help --man >"$stage/setduel.1"
"$stage/setduel" completions bash >"$stage/completions/setduel.bash"
"$stage/setduel" completions zsh >"$stage/completions/_setduel"
"$stage/setduel" completions fish >"$stage/completions/setduel.fish"
install -m 644 README.md protocol.md "$stage/"
archive="$out/$name.tar.gz"
tar -C "$work/stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" |
  gzip -9n >"$archive"
written=("$name.tar.gz")

# Runs the unpacked binary $1 with the toolchain's folder hidden; $2 is a scratch folder.
check_without_toolchain() {
  local bin=$1 scratch=$2 swift_path usr hide
  if ldd "$bin" | grep -i swift >&2; then fail "$bin links a Swift library"; fi
  swift_path=$(readlink -f "$(command -v swift)") || fail "no swift on PATH to hide"
  usr=$(dirname "$(dirname "$swift_path")")
  # A toolchain in its own folder (/opt/swift/usr/bin/swift) is hidden whole; one installed in /usr
  # has its runtime libraries hidden.
  if [ "$usr" = /usr ]; then hide=/usr/lib/swift; else hide=$(dirname "$usr"); fi
  [ "$hide" != / ] || hide=$usr/lib/swift
  local namespace=(unshare --mount)
  "${namespace[@]}" true 2>/dev/null || namespace=(unshare --mount --map-root-user)
  "${namespace[@]}" true 2>/dev/null || fail "cannot make a mount namespace to hide $hide (run as root)"
  step "checking the archive's binary with $hide hidden"
  env -u LD_LIBRARY_PATH "${namespace[@]}" bash -c "
    set -euo pipefail
    mount -t tmpfs -o size=1m,mode=755 setduel-no-swift '$hide'
    [ -z \"\$(ls -A '$hide')\" ] || { echo 'the toolchain is still visible' >&2; exit 1; }
    ! '$swift_path' --version >/dev/null 2>&1 || { echo 'swift still runs' >&2; exit 1; }
    $(declare -p version commit)
    $(declare -f run_checks)
    run_checks '$bin' '$scratch'
  "
}

# The checks run where Swift is hidden: version, a table on loopback, a bot game.
run_checks() {
  local bin=$1 scratch=$2 line port server seen=""
  line=$("$bin" --version)
  echo "  $line" >&2
  [[ $line == "setduel $version (protocol "*", commit $commit)" ]] || { echo "unexpected version: $line" >&2; return 1; }

  "$bin" serve --host 127.0.0.1 --port 0 --no-announce --no-records --bot easy >"$scratch/serve.out" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    port=$(sed -n 's/^SetDuel is serving on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$scratch/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { kill "$server"; cat "$scratch/serve.out" >&2; echo "serve did not start" >&2; return 1; }
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'MODE MACHINE\r\nPING release\r\nNAME ann\r\n' >&3
  # PONG, then the computer player sitting down in seat 2 once ann has seat 1.
  while IFS= read -r -t 10 line <&3; do
    line=${line%$'\r'}
    [[ $line == "PONG release" ]] && seen+=pong
    [[ $line == *JOINED*bot* ]] && { seen+=bot; break; }
  done
  exec 3>&-
  kill "$server"
  wait "$server" || true
  [ "$seen" = pongbot ] || { cat "$scratch/serve.out" >&2; echo "the table did not answer as it should ($seen)" >&2; return 1; }
  echo "  serve: answered PING on 127.0.0.1:$port and seated its computer player" >&2

  timeout 120 "$bin" </dev/null >"$scratch/game.out" 2>&1 || { cat "$scratch/game.out" >&2; echo "the bot game failed" >&2; return 1; }
  grep -q "^Game 1 over: " "$scratch/game.out" || { cat "$scratch/game.out" >&2; return 1; }
  echo "  a bot game: $(grep "^Game 1 over: " "$scratch/game.out")" >&2
}

unpacked="$work/unpacked"
mkdir -p "$unpacked"
tar -xzf "$archive" -C "$unpacked"
for file in setduel setduel.1 completions/setduel.bash completions/_setduel completions/setduel.fish README.md \
  protocol.md; do
  [ -s "$unpacked/$name/$file" ] || fail "$name.tar.gz lacks $file"
done
check_without_toolchain "$unpacked/$name/setduel" "$work"

if $deb; then
  # shellcheck source=Scripts/release-deb.sh
  source Scripts/release-deb.sh
  build_deb "$unpacked/$name" "$out"
  written+=("$deb_name")
  if $install_check; then install_check "$out/$deb_name"; fi
fi

(cd "$out" && sha256sum -- "${written[@]}" >SHA256SUMS && sha256sum --quiet -c SHA256SUMS)
step "wrote $out: ${written[*]} SHA256SUMS"
if $smoke; then step "smoke run: all checks passed; the scratch folder is removed"; fi
