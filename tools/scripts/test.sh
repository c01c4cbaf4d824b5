#!/usr/bin/env bash
# `npm test`: install what is missing, build everything, run every package's tests and the contract checks, then
# print one line `N passed, N failed` from vitest's JSON reports. Exits non-zero if anything failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
bash tools/scripts/ensure-setup.sh || { echo "0 passed, 1 failed"; exit 1; }

rm -f contracts/test-results/*.json libs/*/test-results/*.json apps/*/test-results/*.json tools/*/test-results/*.json clients/*/test-results/*.json
status=0
npx nx run-many -t build --output-style=static >&2 || status=1
if [ $status = 0 ]; then
  npx nx run-many -t check-generated typecheck test --output-style=static --nx-bail=false >&2 || status=1
  # The unit, fixture and install suites again on Node 22, 24 and 26 (npm's runtime packages; see the script).
  bash tools/scripts/test-other-nodes.sh || status=1
fi
node tools/scripts/count-results.mjs "$status"
