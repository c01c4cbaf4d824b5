// Warm in-process full read vs the pyatspi peer's warm walk of the same window, plus one-shot processes, in one
// run on one virtual desktop. Usage (after `npx tsc -b` in this package and in tools/desktop):
//   node bench/bench.mjs [--warm 10] [--oneshot 5] [--json]
// Timings move with machine load; the ratios compare clients measured back to back under the same load.
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import * as Effect from "effect/Effect"
import { peerPath, startDesktop, systemPython } from "@agent-desktop/desktop"
import { makeLinuxAdapter } from "../dist/index.js"

const run = promisify(execFile)
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}
const warmRuns = arg("--warm", 10)
const oneShotRuns = arg("--oneshot", 5)
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const round = (x) => Math.round(x * 10) / 10

const desktop = await startDesktop({ apps: ["gtk3-widget-factory", "grid:250"], timeoutMs: 60_000 })
const env = { ...process.env, ...desktop.env }
Object.assign(process.env, desktop.env)
const rows = []
try {
  for (const app of ["gtk3-widget-factory", "grid"]) {
    const adapter = makeLinuxAdapter()
    const window = await Effect.runPromise(adapter.resolveWindow({ app }))
    const read = () => Effect.runPromise(adapter.readTree(window, { maxDepth: 1000, deadline: Date.now() + 20_000 }))
    let t = performance.now()
    const cold = await read()
    const coldMs = performance.now() - t
    const warm = []
    let maxStall = 0
    const cpuBefore = process.cpuUsage()
    for (let i = 0; i < warmRuns; i++) {
      let last = performance.now()
      const probe = setInterval(() => {
        const now = performance.now()
        maxStall = Math.max(maxStall, now - last - 5)
        last = now
      }, 5)
      t = performance.now()
      await read()
      warm.push(performance.now() - t)
      clearInterval(probe)
    }
    const cpu = process.cpuUsage(cpuBefore)
    await Effect.runPromise(adapter.close())

    const { stdout } = await run(systemPython, [peerPath(), "bench", app, "--warm", String(warmRuns)], { env })
    const peer = JSON.parse(stdout)

    const oneShot = async (command, args) => {
      const times = []
      for (let i = 0; i < oneShotRuns; i++) {
        const started = performance.now()
        await run(command, args, { env, maxBuffer: 64 * 1024 * 1024 })
        times.push(performance.now() - started)
      }
      return median(times)
    }
    const oursOneShot = await oneShot(process.execPath, [fileURLToPath(new URL("./oneshot.mjs", import.meta.url)), app])
    const peerOneShot = await oneShot(systemPython, [peerPath(), "dump", app])

    const oursWarm = median(warm)
    const peerWarm = median(peer.warm_ms)
    rows.push({
      app,
      nodes_ours: cold.nodesObserved,
      nodes_peer: peer.nodes,
      cold_ms: round(coldMs),
      warm_median_ms: round(oursWarm),
      peer_warm_median_ms: round(peerWarm),
      warm_ratio: Math.round((oursWarm / peerWarm) * 100) / 100,
      client_cpu_ms_per_read: round((cpu.user + cpu.system) / 1000 / warmRuns),
      max_event_loop_stall_ms: round(maxStall),
      oneshot_ms: round(oursOneShot),
      peer_oneshot_ms: round(peerOneShot),
      oneshot_ratio: Math.round((oursOneShot / peerOneShot) * 100) / 100
    })
  }
} finally {
  await desktop.stop()
}

if (process.argv.includes("--json")) {
  process.stdout.write(JSON.stringify(rows) + "\n")
} else {
  const keys = Object.keys(rows[0])
  process.stdout.write(`| ${keys.join(" | ")} |\n|${keys.map(() => "---").join("|")}|\n`)
  for (const row of rows) process.stdout.write(`| ${keys.map((k) => row[k]).join(" | ")} |\n`)
  process.stdout.write(`\nload average: ${(await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" ")}\n`)
}
