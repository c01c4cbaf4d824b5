/**
 * CLI start-up benchmark: median wall time of `agent-desktop version` and of an INVALID_ARGS parse error against
 * `node -e 0`, runs interleaved so machine noise hits every case alike. Prints a table with ratios.
 *
 *   node tools/bench/dist/startup.js [--runs N] [--bin path/to/agent-desktop.js]
 */
import { spawnSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median, ratioTable, type Case } from "./stats.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const argValue = (name: string) => {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}

const runs = Number(argValue("--runs") ?? 30)
const bin = path.resolve(argValue("--bin") ?? path.join(here, "../../../apps/cli/bin/agent-desktop.js"))

const cases: ReadonlyArray<Case> = [
  { name: "node -e 0", argv: ["-e", "0"], expectExit: 0 },
  { name: "agent-desktop version", argv: [bin, "version"], expectExit: 0 },
  { name: "agent-desktop click (INVALID_ARGS, exit 2)", argv: [bin, "click"], expectExit: 2 },
  { name: "agent-desktop frobnicate (INVALID_ARGS, exit 2)", argv: [bin, "frobnicate"], expectExit: 2 }
]

const timeOnce = (c: Case): number => {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, c.argv, { encoding: "utf8" })
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== c.expectExit) {
    throw new Error(`${c.name}: exit ${String(result.status)}, expected ${c.expectExit}\n${result.stdout}${result.stderr}`)
  }
  return elapsed
}

const samples = new Map<string, Array<number>>(cases.map((c) => [c.name, []]))
for (const c of cases) timeOnce(c) // warm the file cache once
for (let i = 0; i < runs; i++) {
  for (const c of cases) samples.get(c.name)!.push(timeOnce(c))
}
const medians = cases.map((c) => ({ name: c.name, ms: median(samples.get(c.name)!) }))
process.stdout.write(`runs per case: ${runs} (interleaved), node ${process.version}, ${process.platform}/${process.arch}\n`)
process.stdout.write(ratioTable(medians, "node -e 0") + "\n")
