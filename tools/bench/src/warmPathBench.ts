/**
 * The warm path's own cost: the installed command (`bin/agent-desktop`, whose native client starts no Node) answered
 * by a warm host, for two builds in the same run, interleaved call by call, each with a host and a state root of its
 * own, and `true(1)` as the floor of starting any process. The calls need no desktop (`session list` reads the store,
 * `wait 1` goes through the engine's command path), so what differs between the builds is the host's path: the socket,
 * the request, running the call and the answer.
 *
 *   node tools/bench/dist/warmPathBench.js --bin A/bin/agent-desktop.js --compare-bin B/bin/agent-desktop.js [--runs N]
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"
import { launcherOf, startWarmHost, stopWarmHost } from "./warmHost.js"

const runs = Number(argValue("--runs") ?? 60)
const bins = [argValue("--bin"), argValue("--compare-bin")].map((bin) => {
  if (bin === undefined) throw new Error("usage: warmPathBench --bin A/bin/agent-desktop.js --compare-bin B/bin/agent-desktop.js [--runs N]")
  return path.resolve(bin)
})

const setups = await Promise.all(bins.map(async (bin, index) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `ad-warm-path-${index}-`))
  const env = { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: home }
  const host = await startWarmHost(bin, env, home)
  return { bin, env, host, launcher: launcherOf(bin) }
}))

const CALLS: ReadonlyArray<ReadonlyArray<string>> = [["session", "list"], ["wait", "1"]]
const timings = new Map<string, Array<number>>()
const time = (name: string, command: string, argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv) => {
  const start = process.hrtime.bigint()
  const result = spawnSync(command, argv, { env, encoding: "utf8" })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${name}: exit ${result.status}: ${result.stdout}${result.stderr}`)
  timings.set(name, [...(timings.get(name) ?? []), ms])
}

try {
  for (let run = -3; run < runs; run++) {
    time("true", "true", [], process.env)
    for (const argv of CALLS) {
      for (const [index, setup] of setups.entries()) time(`${argv.join(" ")} via warm host (${index === 0 ? "--bin" : "--compare-bin"})`, setup.launcher, argv, setup.env)
    }
    // The first rounds warm both hosts (engine code compiled on first use) and are not counted.
    if (run < 0) timings.clear()
  }
} finally {
  await Promise.all(setups.map((setup) => stopWarmHost(setup.host)))
}

const floor = median(timings.get("true")!)
console.log(`runs: ${runs} per case, interleaved; node ${process.version}; load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`)
console.log(`--bin ${bins[0]}\n--compare-bin ${bins[1]}\n`)
console.log("| case | median ms | minus `true` ms | ratio to --compare-bin |\n|---|---:|---:|---:|")
for (const argv of CALLS) {
  const [a, b] = ["--bin", "--compare-bin"].map((which) => median(timings.get(`${argv.join(" ")} via warm host (${which})`)!))
  console.log(`| \`${argv.join(" ")}\` via warm host, --bin | ${a!.toFixed(1)} | ${(a! - floor).toFixed(1)} | ${(a! / b!).toFixed(2)}x |`)
  console.log(`| \`${argv.join(" ")}\` via warm host, --compare-bin | ${b!.toFixed(1)} | ${(b! - floor).toFixed(1)} | 1.00x |`)
}
console.log(`| \`true\` | ${floor.toFixed(1)} | 0 | |`)
