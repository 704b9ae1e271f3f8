#!/usr/bin/env bash
# Builds setduel in release mode and installs the one binary: into /usr/local/bin when run as root,
# else into ~/.local/bin. `Scripts/install.sh DIR` (or BINDIR=DIR) installs into DIR instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -eq 0 ]; then default=/usr/local/bin; else default="$HOME/.local/bin"; fi
bin="${1:-${BINDIR:-$default}}"
swift build -c release --product setduel
mkdir -p "$bin"
install -m 755 "$(swift build -c release --show-bin-path)/setduel" "$bin/setduel"
echo "Installed $bin/setduel"
case ":$PATH:" in
  *":$bin:"*) echo "Run: setduel --help" ;;
  *) echo "$bin is not on your PATH; add it with: export PATH=\"$bin:\$PATH\"" ;;
esac
