// Sums vitest's JSON reports (test-results/vitest.json in every package) into the closing line CI reads.
// A failed build or a non-test failure (typecheck, drift check) counts as one failure so it can never pass silently.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

const outerStatus = Number(process.argv[2] ?? 0)
let passed = 0
let failed = 0
const reports = []
const failures = []
for (const group of ["contracts", "libs", "apps", "tools", "clients"]) {
  const dirs = group === "contracts" ? ["contracts"] : existsSync(group) ? readdirSync(group).map((d) => join(group, d)) : []
  for (const dir of dirs) {
    // vitest.json: the machine's Node; node<MAJOR>.json: the same package's suites on another Node (test-other-nodes.sh)
    const results = join(dir, "test-results")
    const names = existsSync(results) ? readdirSync(results).filter((name) => name === "vitest.json" || /^node\d+\.json$/.test(name)).sort() : []
    for (const name of names) {
      const file = join(results, name)
      const report = JSON.parse(readFileSync(file, "utf8"))
      const label = name === "vitest.json" ? dir : `${dir} (${name.slice(0, -".json".length)})`
      passed += report.numPassedTests
      failed += report.numFailedTests
      reports.push(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
      for (const suite of report.testResults ?? []) {
        const file = typeof suite.name === "string" ? relative(process.cwd(), suite.name) : `${dir} (unnamed file)`
        const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed")
        for (const test of failedTests) {
          const reason = String(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 600)
          failures.push(`FAILED ${file} > ${test.fullName}\n  ${reason}`)
        }
        // A file that failed as a whole (an import error, a hook) has no failed test to name.
        if (suite.status === "failed" && failedTests.length === 0) {
          failures.push(`FAILED ${file}\n  ${String(suite.message ?? "").split("\n")[0].slice(0, 600)}`)
        }
      }
    }
  }
}
for (const line of reports) process.stderr.write(`${line}\n`)
// The names of what failed come last, beside the closing line, where a truncated log still shows them.
for (const line of failures) process.stderr.write(`${line}\n`)
if (outerStatus !== 0 && failed === 0) {
  process.stderr.write("a build, typecheck or check step failed outside the test counts\n")
  failed = 1
}
process.stdout.write(`${passed} passed, ${failed} failed\n`)
process.exit(failed > 0 ? 1 : 0)
