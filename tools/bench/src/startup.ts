/**
 * CLI start-up benchmark: median wall time of `agent-desktop version`, of INVALID_ARGS parse errors and of a
 * SNAPSHOT_NOT_FOUND click (the engine's whole start: bundle + code cache, store, envelope) against `node -e 0`,
 * runs interleaved so machine noise hits every case alike. Prints a table with ratios. `--compare-bin` adds the
 * same cases for a second build (e.g. the commit before a change) in the same run. The installed command
 * (`bin/agent-desktop`: a shell launcher and the warm host's native client, which hands a call no host serves to
 * Node) is timed on `version` and the click too, to show what it adds when no host runs, beside the entry run as a
 * command through its `#!/usr/bin/env node` line (the installed command before the native client).
 *
 * The long-lived starts are timed too: `agent-desktop mcp` until it answered `initialize` and ended at stdin's end,
 * and `wave --version` (the whole bundle loaded), each with a state directory of its own that keeps Node's module
 * compile cache where Node has one (Node >= 22.1). Run it under another Node with tools/scripts/with-node.sh.
 *
 *   node tools/bench/dist/startup.js [--runs N] [--bin path/to/agent-desktop.js] [--compare-bin other/agent-desktop.js]
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median, ratioTable, type Case } from "./stats.js"
import { argValue } from "./argValue.js"
import { launcherOf } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))

const runs = Number(argValue("--runs") ?? 30)
const bin = path.resolve(argValue("--bin") ?? path.join(here, "../../../apps/cli/bin/agent-desktop.js"))

const compareBin = argValue("--compare-bin")
/** One private state root per binary: the click case reaches the store and the engine's code cache. */
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-bench-startup-"))

const wave = path.join(here, "../../../apps/print-mode/bin/wave.js")
const MCP_INITIALIZE = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } }) + "\n"

/** Cases fed a stdin (the rest get none). */
const inputs = new Map<string, string>()

const cliCases = (cli: string, label: string): ReadonlyArray<Case> => [
  { name: `${label} version`, argv: [cli, "version"], expectExit: 0 },
  { name: `${label} click (INVALID_ARGS, exit 2)`, argv: [cli, "click"], expectExit: 2 },
  { name: `${label} frobnicate (INVALID_ARGS, exit 2)`, argv: [cli, "frobnicate"], expectExit: 2 },
  { name: `${label} click @s0abc:e1 (SNAPSHOT_NOT_FOUND)`, argv: [cli, "click", "@s0abc:e1"], expectExit: 1 }
]

const cases: ReadonlyArray<Case> = [
  { name: "node -e 0", argv: ["-e", "0"], expectExit: 0 },
  ...cliCases(bin, "agent-desktop"),
  { name: "bin/agent-desktop.js as a command (#!/usr/bin/env node) version", argv: ["version"], executable: bin, expectExit: 0 },
  { name: "installed command version", argv: ["version"], executable: launcherOf(bin), expectExit: 0 },
  { name: "installed command click @s0abc:e1 (SNAPSHOT_NOT_FOUND)", argv: ["click", "@s0abc:e1"], executable: launcherOf(bin), expectExit: 1 },
  { name: "agent-desktop mcp (initialize, then stdin ends)", argv: [bin, "mcp"], expectExit: 0 },
  { name: "wave --version", argv: [wave, "--version"], expectExit: 0 },
  ...(compareBin === undefined ? [] : cliCases(path.resolve(compareBin), "compare"))
]
inputs.set("agent-desktop mcp (initialize, then stdin ends)", MCP_INITIALIZE)
// Private directories, made before the first run, so even the first start may write a compile cache.
for (const dir of ["main", "compare", "wave-home", "wave-home/.wave"]) fs.mkdirSync(path.join(home, dir), { mode: 0o700 })

const timeOnce = (c: Case): number => {
  const start = process.hrtime.bigint()
  const stateRoot = path.join(home, c.name.startsWith("compare") ? "compare" : "main")
  const env = { ...process.env, AGENT_DESKTOP_HOME: stateRoot, DBUS_SESSION_BUS_ADDRESS: "", AT_SPI_BUS_ADDRESS: "", AGENT_DESKTOP_HOST: "off", HOME: path.join(home, "wave-home"), WAVE_HOME: "" }
  const input = inputs.get(c.name)
  const result = spawnSync(c.executable ?? process.execPath, c.argv, { encoding: "utf8", env, ...(input === undefined ? {} : { input }) })
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
fs.rmSync(home, { recursive: true, force: true })
