#!/usr/bin/env bash
# The unit, fixture and install suites on the other Node lines CI supports (default: 22, 24 and 26), each with Node
# from npm's runtime package (with-node.sh), beside the whole suite on the machine's Node (test.sh). Reports go to
# <package>/test-results/node<MAJOR>.json, which count-results.mjs adds to the closing line. Exits non-zero if a
# suite failed. NODE_MAJORS="24" narrows it. Seconds per Node and suite are printed on stderr (numbers measured:
# tools/bench/README.md, "CI time on other Nodes").
#
# What is shared between the Nodes, since it cannot differ by the Node that runs the tests:
# - the bundles (the CLI's, wave's, the fake model server): built once here by the machine's Node, as a release is
#   built once and installed on every Node; the suites' global setups skip their own build
#   (AGENT_DESKTOP_TEST_PREBUILT);
# - the consumer project of the install without scripts (ignoreScripts.test.ts): `npm install --ignore-scripts`
#   builds nothing, so its tree is the same on every Node; packed and installed by the first run, reused by the
#   others (AGENT_DESKTOP_TEST_CONSUMER);
# - libs/domain (pure logic: no I/O, no native code, no Node API beyond the language) runs on the newest Node
#   only; the machine's Node covers the oldest.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
status=0
majors=(${NODE_MAJORS:-22 24 26})
newest=${majors[${#majors[@]}-1]}

start=$(date +%s)
(cd apps/cli && node build.mjs) >&2 || status=1
(cd apps/print-mode && node build.mjs) >&2 || status=1
(cd tools/fake-model && node "$root/node_modules/typescript/bin/tsc" -b tsconfig.lib.json) >&2 || status=1
export AGENT_DESKTOP_TEST_PREBUILT=1
echo "other nodes: bundles built in $(( $(date +%s) - start )) s" >&2

# The consumer project in a directory with no node_modules above it (Node's resolution must not reach the
# monorepo's), as tools/desktop's isolatedTempDir picks one.
for base in "${TMPDIR:-/tmp}" /var/tmp "$HOME"; do
  clean=1
  dir=$base
  while :; do
    [ -e "$dir/node_modules" ] && { clean=0; break; }
    [ "$dir" = / ] && break
    dir=$(dirname "$dir")
  done
  [ $clean = 1 ] && break
done
consumer=$(mktemp -d "$base/agent-desktop-consumer-XXXXXX")
trap 'rm -rf "$consumer"' EXIT
export AGENT_DESKTOP_TEST_CONSUMER="$consumer/consumer"

# package directory, which Nodes (all or newest), then vitest's arguments there (test files or folders,
# exclusions). The store's PostgreSQL suites are left out: what differs between Nodes is the SQLite binding
# (node:sqlite from 22.13), not the pg client. The pack suite there is the install without scripts or compiler
# (ignoreScripts.test.ts): the machine's Node runs pack.test.ts, which builds better-sqlite3, a native build other
# Nodes no longer need.
suites=(
  "libs/domain|newest|src"
  "libs/store|all|src --exclude src/postgres/** --exclude src/concurrency.test.ts"
  "apps/cli|all|src/cli.test.ts src/reliability.test.ts src/ignoreScripts.test.ts src/e2e/fixture.test.ts"
  "apps/print-mode|all|test/signals.test.ts test/story5.structured.test.ts"
)
for major in "${majors[@]}"; do
  major_start=$(date +%s)
  for suite in "${suites[@]}"; do
    dir=${suite%%|*}
    rest=${suite#*|}
    which=${rest%%|*}
    files=${rest#*|}
    [ "$which" = newest ] && [ "$major" != "$newest" ] && continue
    suite_start=$(date +%s)
    # shellcheck disable=SC2086
    (cd "$dir" && bash "$root/tools/scripts/with-node.sh" "$major" npx vitest run $files \
      --reporter=default --reporter=json --outputFile.json="test-results/node$major.json") >&2 || status=1
    echo "node $major: $dir $(( $(date +%s) - suite_start )) s" >&2
  done
  echo "node $major: all suites $(( $(date +%s) - major_start )) s" >&2
done
echo "other nodes: $(( $(date +%s) - start )) s in all" >&2
exit $status
