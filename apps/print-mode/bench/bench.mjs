// wave's own overhead, against the fake model on loopback:
//  1. process start -> first stdout line (system/init) vs `node -e 0` (target: at most 2.0x);
//  2. CPU time per streamed chunk over a 2,000-chunk reply (target: under 0.05 ms), measured two ways: the
//     difference in wave's whole-process CPU between a 2,000-chunk and a 1-chunk reply of the same text
//     (cpu_ms_per_chunk, noisy: start-up dominates both), and wave's CPU from the first delta to the end of the
//     message divided by the deltas (cpu_ms_per_chunk_in_stream, from WAVE_REPORT_CPU=1).
// Run after `npm run build` in apps/print-mode and tools/fake-model: node apps/print-mode/bench/bench.mjs
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))
const WAVE = path.resolve(here, "../bin/wave.js")
const { startFakeModel, sse, text, finish, hang, match } = await import(path.resolve(here, "../../../tools/fake-model/dist/index.js"))

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const home = fs.mkdtempSync(path.join(os.tmpdir(), "wave-bench-"))

const CHUNKS = 2000
const body = "x".repeat(CHUNKS * 8)
const fake = await startFakeModel({
  rules: [
    { match: match.lastUserContains("HANG"), reply: hang() },
    { match: match.lastUserContains("MANY"), reply: sse([text(body, { chunkSize: 8 }), finish("stop")]) },
    { match: match.lastUserContains("ONE"), reply: sse([text(body), finish("stop")]) }
  ]
})
const env = {
  PATH: process.env.PATH,
  HOME: home,
  AGENT_DESKTOP_HOME: path.join(home, ".agent-desktop"),
  WAVE_BASE_URL: fake.url,
  WAVE_MODEL: "bench-m",
  WAVE_API_KEY: "x",
  WAVE_REPORT_CPU: "1"
}

/** ms from spawn to the first stdout byte (or to exit when `untilExit`). */
const timeProcess = (args, untilFirstLine) =>
  new Promise((resolve) => {
    const start = process.hrtime.bigint()
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (d) => (stderr += d))
    let firstLine
    let resultAt
    let tail = ""
    child.stdout.once("data", () => {
      firstLine = Number(process.hrtime.bigint() - start) / 1e6
      if (untilFirstLine) child.kill("SIGKILL")
    })
    child.stdout.on("data", (d) => {
      tail = (tail + d).slice(-200_000)
      if (resultAt === undefined && tail.includes('{"type":"result"')) resultAt = Number(process.hrtime.bigint() - start) / 1e6
    })
    child.on("close", () => {
      const total = Number(process.hrtime.bigint() - start) / 1e6
      const cpu = /wave-cpu-us: (\d+)/.exec(stderr)
      const streamCpu = /wave-stream-cpu-us: (\d+) deltas: (\d+)/.exec(stderr)
      resolve({ firstLine: firstLine ?? total, total, cpuUs: cpu ? Number(cpu[1]) : undefined,
        streamUsPerDelta: streamCpu ? Number(streamCpu[1]) / Number(streamCpu[2]) : undefined, exitAfterResult: resultAt === undefined ? undefined : total - resultAt })
    })
  })

const nodeBaseline = []
const initTimes = []
for (let i = 0; i < RUNS; i++) {
  nodeBaseline.push((await timeProcess(["-e", "0"], false)).total)
  initTimes.push((await timeProcess([WAVE, "-p", "HANG", "--output-format", "stream-json"], true)).firstLine)
}
const many = []
const one = []
const inStream = []
const exitAfterResult = []
for (let i = 0; i < Math.max(5, Math.floor(RUNS / 2)); i++) {
  const streamed = await timeProcess([WAVE, "-p", "MANY", "--output-format", "stream-json"], false)
  many.push(streamed.cpuUs)
  inStream.push(streamed.streamUsPerDelta)
  const single = await timeProcess([WAVE, "-p", "ONE", "--output-format", "stream-json"], false)
  one.push(single.cpuUs)
  exitAfterResult.push(single.exitAfterResult)
}
await fake.close()

const nodeMs = median(nodeBaseline)
const initMs = median(initTimes)
const perChunkMs = (median(many) - median(one)) / 1000 / (CHUNKS - 1)
const report = {
  node_e_0_ms: Number(nodeMs.toFixed(1)),
  wave_start_to_init_ms: Number(initMs.toFixed(1)),
  init_ratio: Number((initMs / nodeMs).toFixed(2)),
  cpu_ms_2000_chunks: Number((median(many) / 1000).toFixed(1)),
  cpu_ms_1_chunk: Number((median(one) / 1000).toFixed(1)),
  cpu_ms_per_chunk: Number(perChunkMs.toFixed(4)),
  cpu_ms_per_chunk_in_stream: Number((median(inStream) / 1000).toFixed(4)),
  exit_after_result_line_ms: Number(median(exitAfterResult).toFixed(1)),
  targets: { init_ratio_max: 2.0, cpu_ms_per_chunk_max: 0.05 }
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
