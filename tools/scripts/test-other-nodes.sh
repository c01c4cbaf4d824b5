#!/usr/bin/env bash
# The unit, fixture and pack suites on the other Node majors CI supports (default: 24 and 26), each with Node from
# npm's runtime package (with-node.sh), beside the whole suite on the machine's Node (test.sh). Reports go to
# <package>/test-results/node<MAJOR>.json, which count-results.mjs adds to the closing line. Exits non-zero if a
# suite failed. NODE_MAJORS="24" narrows it. Measured (2 cores shared with other work, 2026-12-03): Node 26 took
# 434 s (domain 70, store 105, cli 238 of which the ignore-scripts install is ~150, print-mode 21).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
status=0
# package directory, then vitest's arguments there (test files or folders, exclusions). The store's PostgreSQL
# suites are left out: what differs between Nodes is the SQLite binding (node:sqlite from 22.13), not the pg client.
# The pack suite there is the install without scripts or compiler (ignoreScripts.test.ts): the machine's Node runs
# pack.test.ts, which builds better-sqlite3, a native build other Nodes no longer need.
suites=(
  "libs/domain|src"
  "libs/store|src --exclude src/postgres/** --exclude src/concurrency.test.ts"
  "apps/cli|src/cli.test.ts src/reliability.test.ts src/ignoreScripts.test.ts src/e2e/fixture.test.ts"
  "apps/print-mode|test/signals.test.ts test/story5.structured.test.ts"
)
for major in ${NODE_MAJORS:-24 26}; do
  for suite in "${suites[@]}"; do
    dir=${suite%%|*}
    files=${suite#*|}
    start=$(date +%s)
    # shellcheck disable=SC2086
    (cd "$dir" && bash "$root/tools/scripts/with-node.sh" "$major" npx vitest run $files \
      --reporter=default --reporter=json --outputFile.json="test-results/node$major.json") >&2 || status=1
    echo "node $major: $dir $(( $(date +%s) - start )) s" >&2
  done
done
exit $status
