/**
 * Snapshot speed against the Python peer (pyatspi walking the same fields), on the project's virtual desktop:
 *
 * - one-shot: `agent-desktop snapshot --app X` (process start to exit) vs `atspi_peer.py dump X`, interleaved; then
 *   the same CLI calls answered by a warm host (`agent-desktop serve` started for the bench's state root), through
 *   Node's client (`node bin/agent-desktop.js`) and through the installed command (`bin/agent-desktop`, whose
 *   native client starts no Node);
 * - warm: in-process full snapshots over one open connection (engine + Linux adapter) vs the peer's warm walks;
 * - snapshot JSON size for full, -i and -i --compact whole (`--max-children 0`), -i and -i --compact with -i's
 *   default child limit (50 per container), and --skeleton.
 *
 *   node tools/bench/dist/snapshotBench.js [--runs N] [--grid-rows ROWS] [--bin path/to/agent-desktop.js]
 *
 * The CLI keeps a V8 code cache of its engine in the state root, made by the first run of a build; the bench
 * starts from an empty state root, so its untimed warm-up run is that first run (reported apart as "first run").
 */
import { peerPath, startDesktop, systemPython } from "@agent-desktop/desktop"
import { EngineLive, runCommand } from "@agent-desktop/engine"
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { Effect } from "effect"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median } from "./stats.js"
import { argValue } from "./argValue.js"
import { launcherOf, startWarmHost, stopWarmHost } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 10)
// The grid fixture has four nodes per row: 250 rows is the 1,000-node window.
const gridRows = Number(argValue("--grid-rows") ?? 250)
// --bin: bench another build (helpers rebuild apps/cli/dist while they test; a private copy keeps a run stable).
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-bench-"))

const timed = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): { ms: number; stdout: string } => {
  const start = process.hrtime.bigint()
  const result = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${String(result.status)}: ${result.stdout.slice(0, 300)}${result.stderr.slice(0, 300)}`)
  return { ms, stdout: result.stdout }
}

/**
 * One-shot CLI processes answered by a warm host (`agent-desktop serve` for this state root): the host is started,
 * warmed by one call of each client, timed over `runs` calls of each (interleaved), and stopped.
 */
const throughHost = async (clients: ReadonlyArray<ReadonlyArray<string>>, env: NodeJS.ProcessEnv): Promise<Array<Array<number>>> => {
  const host = await startWarmHost(bin, env, home)
  try {
    for (const cli of clients) timed(cli, env)
    const times = clients.map((): Array<number> => [])
    for (let i = 0; i < runs; i++) clients.forEach((cli, c) => times[c]!.push(timed(cli, env).ms))
    return times
  } finally {
    await stopWarmHost(host)
  }
}

const SIZE_CASES = [
  ["full", []],
  ["-i, all children", ["-i", "--max-children", "0"]],
  ["-i --compact, all children", ["-i", "--compact", "--max-children", "0"]],
  ["-i", ["-i"]],
  ["-i --compact", ["-i", "--compact"]],
  ["--skeleton", ["--skeleton"]]
] as const

const benchApp = async (app: string, hostEnv: NodeJS.ProcessEnv) => {
  const cli = [process.execPath, bin, "snapshot", "--app", app, "--timeout-ms", "60000"]
  const peer = [systemPython, peerPath(), "dump", app]
  // One-shot: a cold process per call, never a host (the default would start one for the calls after the first).
  const env = { ...hostEnv, AGENT_DESKTOP_HOST: "off" }
  const firstRun = timed(cli, env).ms
  timed(peer, env)
  const cliTimes: Array<number> = []
  const peerTimes: Array<number> = []
  for (let i = 0; i < runs; i++) {
    cliTimes.push(timed(cli, env).ms)
    peerTimes.push(timed(peer, env).ms)
  }
  const [hostTimes, installedTimes] = await throughHost([cli, [launcherOf(bin), ...cli.slice(2)]], hostEnv)
  const sizes: Record<string, number> = {}
  let nodesObserved = 0
  for (const [label, flags] of SIZE_CASES) {
    const out = timed([...cli, ...flags], env).stdout
    sizes[label] = Buffer.byteLength(out)
    const envelope = JSON.parse(out) as { ok: boolean; data?: { complete?: boolean; ref_count?: number } }
    if (label === "full" && envelope.data?.complete !== true) throw new Error(`${app}: the full snapshot was not complete`)
    // The refs of the whole window (the last case, the skeleton, has far fewer).
    if (label === "full") nodesObserved = envelope.data?.ref_count ?? 0
  }
  // Warm: one process, one connection, the engine's real command path.
  Object.assign(process.env, env)
  const warm = await Effect.runPromise(Effect.gen(function*() {
    const times: Array<number> = []
    for (let i = 0; i <= runs; i++) {
      const start = performance.now()
      const envelope = yield* runCommand({ command: "snapshot", args: { app, timeout_ms: 60_000 } })
      if (!envelope.ok) throw new Error(`warm snapshot failed: ${JSON.stringify(envelope)}`)
      if (i > 0) times.push(performance.now() - start)
    }
    return times
  }).pipe(Effect.provide(EngineLive({ adapter: LinuxAdapter.layer, home }))))
  const peerWarm = JSON.parse(timed([systemPython, peerPath(), "bench", app, "--warm", String(runs)], env).stdout) as { nodes: number; warm_ms: Array<number> }
  return {
    app,
    peerNodes: peerWarm.nodes,
    refs: nodesObserved,
    oneShot: { cli: median(cliTimes), peer: median(peerTimes), first: firstRun, host: median(hostTimes!), installed: median(installedTimes!) },
    warm: { cli: median(warm), peer: median(peerWarm.warm_ms) },
    sizes
  }
}

// A rough token count (JSON of English names and short keys runs near 4 bytes per token).
const sizeCell = (bytes: number | undefined) => bytes === undefined ? "-" : `${bytes} (~${Math.round(bytes / 4)})`

const main = async () => {
  const desktop = await startDesktop({ apps: ["gtk3-widget-factory", `grid:${gridRows}`], timeoutMs: 90_000 })
  try {
    const env = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home }
    const results = [await benchApp("gtk3-widget-factory", env), await benchApp("grid", env)]
    const lines = [
      `runs: ${runs} per case, node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}, bin ${bin}`,
      "",
      "| app | peer nodes | one-shot CLI ms | one-shot peer ms | ratio | CLI via host ms | ratio | installed command via host ms | ratio | warm CLI ms | warm peer ms | ratio |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map((r) =>
        `| ${r.app} | ${r.peerNodes} | ${r.oneShot.cli.toFixed(0)} | ${r.oneShot.peer.toFixed(0)} | ${(r.oneShot.cli / r.oneShot.peer).toFixed(2)} | ${r.oneShot.host.toFixed(0)} | ${(r.oneShot.host / r.oneShot.peer).toFixed(2)} | ${r.oneShot.installed.toFixed(0)} | ${(r.oneShot.installed / r.oneShot.peer).toFixed(2)} | ${r.warm.cli.toFixed(0)} | ${r.warm.peer.toFixed(0)} | ${(r.warm.cli / r.warm.peer).toFixed(2)} |`),
      "",
      "",
      `first CLI run of this build (no code cache yet), ${results[0]!.app}: ${results[0]!.oneShot.first.toFixed(0)} ms`,
      "",
      "Envelope sizes, bytes (~tokens at 4 bytes per token):",
      "",
      `| app | ${SIZE_CASES.map(([label]) => label).join(" | ")} |`,
      `|---|${SIZE_CASES.map(() => "---:").join("|")}|`,
      ...results.map((r) => `| ${r.app} | ${SIZE_CASES.map(([label]) => sizeCell(r.sizes[label])).join(" | ")} |`)
    ]
    process.stdout.write(lines.join("\n") + "\n")
  } finally {
    await desktop.stop()
  }
}

await main()
