/**
 * Store bench: the SQLite bindings (better-sqlite3, node:sqlite) and PostgreSQL side by side, in the same run.
 * - per-call start-up: a fresh process opens the store, appends a CLI call's two events (command.start,
 *   command.end, one transaction each, as the journal does), closes as a one-shot call does, and exits; median wall
 *   time against `node -e 0`, all cases interleaved;
 * - throughput in one process: N single-event appends (N transactions), then reading the stream back.
 *
 *   node tools/bench/dist/storeBench.js [--runs 20] [--appends 2000] [--postgres URL|private] [--addon-dir DIR]
 *
 * `--addon-dir DIR`: a directory whose node_modules holds better-sqlite3 built for this Node (the repository's is
 * built for the machine's Node); without it better-sqlite3 is measured only where the repository's build loads.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { startCluster } from "@agent-desktop/store/testing"
import { argValue } from "./argValue.js"
import { median, ratioTable } from "./stats.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, "../../..")

const runs = Number(argValue("--runs") ?? 20)
const appends = Number(argValue("--appends") ?? 2000)
// `--postgres private`: a private cluster on a Unix socket for this run (Debian's postgresql), stopped at the end.
const cluster = argValue("--postgres") === "private" ? await startCluster() : undefined
const postgres = cluster === undefined ? argValue("--postgres") : await cluster.createDatabase()
const addonDir = argValue("--addon-dir")

type Driver = "better-sqlite3" | "node:sqlite" | "postgres"

const work = fs.mkdtempSync(path.join(addonDir ?? os.tmpdir(), "ad-bench-store-"))
const child = path.join(work, "storeBenchChild.cjs")
await build({
  entryPoints: [path.join(repo, "tools/bench/src/storeBenchChild.ts")],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  outfile: child,
  external: ["better-sqlite3", "pg"],
  conditions: ["@agent-desktop/source"],
  logLevel: "error"
})
const env = (driver: Driver, home: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_PATH: path.join(repo, "node_modules"),
  AGENT_DESKTOP_HOME: home,
  AGENT_DESKTOP_STORE: driver === "postgres" ? postgres! : "sqlite",
  ...(driver === "postgres" ? {} : { AGENT_DESKTOP_SQLITE: driver })
})

const loads = (driver: Driver): boolean => {
  const probe = spawnSync(process.execPath, [child, "call", driver], { env: env(driver, path.join(work, `probe-${driver.replace(":", "-")}`)), encoding: "utf8" })
  if (probe.status !== 0) process.stderr.write(`${driver}: not measured (${probe.stderr.trim().split("\n")[0]})\n`)
  return probe.status === 0
}

const drivers = (["better-sqlite3", "node:sqlite", ...(postgres === undefined ? [] : ["postgres"])] as Array<Driver>).filter(loads)

const timeOnce = (argv: ReadonlyArray<string>, processEnv: NodeJS.ProcessEnv): number => {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, argv, { env: processEnv, encoding: "utf8" })
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${argv.join(" ")}: exit ${String(result.status)}\n${result.stderr}`)
  return elapsed
}

const cases = [
  { name: "node -e 0", argv: ["-e", "0"], env: process.env },
  ...drivers.map((driver) => ({ name: `open + 2 appends + close (${driver})`, argv: [child, "call", driver], env: env(driver, path.join(work, `calls-${driver.replace(":", "-")}`)) }))
]
const samples = new Map<string, Array<number>>(cases.map((c) => [c.name, []]))
for (const c of cases) timeOnce(c.argv, c.env)
for (let i = 0; i < runs; i++) for (const c of cases) samples.get(c.name)!.push(timeOnce(c.argv, c.env))
process.stdout.write(`node ${process.version}, ${runs} runs per case (interleaved)\n`)
process.stdout.write(`${ratioTable(cases.map((c) => ({ name: c.name, ms: median(samples.get(c.name)!) })), "node -e 0")}\n\n`)

const throughput = drivers.map((driver) => {
  const rounds = Array.from({ length: 3 }, (_, round) => {
    const out = spawnSync(process.execPath, [child, "throughput", driver, String(appends)], {
      env: env(driver, path.join(work, `throughput-${driver.replace(":", "-")}-${round}`)),
      encoding: "utf8"
    })
    if (out.status !== 0) throw new Error(out.stderr)
    return JSON.parse(out.stdout) as { appendMs: number; readMs: number }
  })
  return { driver, appendMs: median(rounds.map((r) => r.appendMs)), readMs: median(rounds.map((r) => r.readMs)) }
})
const base = throughput[0]
process.stdout.write(`${appends} single-event appends, then one read of the stream (median of 3):\n`)
process.stdout.write("driver            appends/s  append ratio  read ms  read ratio\n")
for (const row of throughput) {
  process.stdout.write(
    `${row.driver.padEnd(16)}  ${(appends / (row.appendMs / 1000)).toFixed(0).padStart(9)}  ${(row.appendMs / base!.appendMs).toFixed(2).padStart(11)}x  ${row.readMs.toFixed(1).padStart(7)}  ${(row.readMs / base!.readMs).toFixed(2).padStart(9)}x\n`
  )
}
fs.rmSync(work, { recursive: true, force: true })
await cluster?.destroy()
