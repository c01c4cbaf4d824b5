#!/usr/bin/env bash
# Installs what is missing on a fresh Debian/Ubuntu machine with Node 20: Debian packages (when root and apt exist)
# and npm packages from the lockfile (only when the lockfile changed since the last install). Logs go to stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

missing=()
while read -r pkg; do
  case "$pkg" in ''|'#'*) continue ;; esac
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done < tools/scripts/debian-packages.txt
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "ensure-setup: installing Debian packages: ${missing[*]}" >&2
    apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
  else
    echo "ensure-setup: missing Debian packages (install them as root): ${missing[*]}" >&2
  fi
fi

stamp=node_modules/.lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "ensure-setup: npm ci" >&2
  npm ci --no-audit --no-fund >&2
  echo "$want" > "$stamp"
fi
