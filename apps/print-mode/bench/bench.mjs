// wave's own overhead, against the fake model on loopback:
//  1. process start -> first stdout line (system/init) vs `node -e 0` (target: at most 2.0x);
//  2. CPU time per streamed chunk over a 2,000-chunk reply (target: under 0.05 ms), measured two ways: the
//     difference in wave's whole-process CPU between a 2,000-chunk and a 1-chunk reply of the same text
//     (cpu_ms_per_chunk, noisy: start-up dominates both), and wave's CPU from the first delta to the end of the
//     message divided by the deltas (cpu_ms_per_chunk_in_stream, from WAVE_REPORT_CPU=1);
//  3. wave's own overhead per model turn, the fake server answering instantly: a scripted conversation of N model
//     turns (N-1 turns calling Bash with an invalid argument — a real tool round trip through wave's loop, events,
//     projection and session store, with no child process and no desktop — then a text answer), for N=1 and
//     N=TURNS, interleaved; per turn = (median(N=TURNS) - median(N=1)) / (TURNS-1), for wall time, wave's CPU
//     (WAVE_REPORT_CPU=1) and the fake server's CPU (this process's CPU during the run: the server plus reading
//     wave's stdout, which is small).
// Run after `npm run build` in apps/print-mode and tools/fake-model: node apps/print-mode/bench/bench.mjs [parts]
// where parts is a comma-separated subset of init,chunks,turns (default: all).
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))
const WAVE = path.resolve(here, "../bin/wave.js")
const { startFakeModel, sse, text, finish, hang, match, toolCall, usage } = await import(path.resolve(here, "../../../tools/fake-model/dist/index.js"))

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TURNS = Number(process.env.BENCH_TURNS ?? 21)
const parts = new Set((process.argv[2] ?? "init,chunks,turns").split(","))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const home = fs.mkdtempSync(path.join(os.tmpdir(), "wave-bench-"))

const CHUNKS = 2000
const body = "x".repeat(CHUNKS * 8)
const fake = await startFakeModel({
  rules: [
    { match: match.lastUserContains("HANG"), reply: hang() },
    { match: match.lastUserContains("MANY"), reply: sse([text(body, { chunkSize: 8 }), finish("stop")]) },
    { match: match.lastUserContains("ONE"), reply: sse([text(body), finish("stop")]) },
    // "TURNS <n>": a tool call while fewer than n-1 tool results exist, then the answer.
    {
      match: match.firstUserContains("TURNS"),
      reply: (request) => {
        const messages = request.body.messages ?? []
        const first = messages.find((m) => m.role === "user")
        const wanted = Number(/TURNS (\d+)/.exec(typeof first?.content === "string" ? first.content : "")?.[1] ?? 1)
        const done = messages.filter((m) => m.role === "tool").length
        return done < wanted - 1
          ? sse([toolCall({ id: `call_${done}`, name: "Bash", args: { command: done } }), finish("tool_calls"),
            usage({ prompt: 100, completion: 5 })])
          : sse([text(`done after ${done} tools`), finish("stop"), usage({ prompt: 100, completion: 5 })])
      }
    }
  ]
})
const env = {
  PATH: process.env.PATH,
  HOME: home,
  AGENT_DESKTOP_HOME: path.join(home, ".agent-desktop"),
  WAVE_BASE_URL: fake.url,
  WAVE_MODEL: "bench-m",
  WAVE_API_KEY: "x",
  WAVE_REPORT_CPU: "1",
  // WAVE_DISABLE_DESKTOP=1 passed through: requests then carry only Bash and Agent, not the desktop tools' schemas.
  ...(process.env.WAVE_DISABLE_DESKTOP === "1" ? { WAVE_DISABLE_DESKTOP: "1" } : {})
}

/** ms from spawn to the first stdout byte (or to exit when `untilExit`). */
const timeProcess = (args, untilFirstLine) =>
  new Promise((resolve) => {
    const start = process.hrtime.bigint()
    const benchCpu = process.cpuUsage()
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
      const ownCpu = process.cpuUsage(benchCpu)
      const cpu = /wave-cpu-us: (\d+)/.exec(stderr)
      const streamCpu = /wave-stream-cpu-us: (\d+) deltas: (\d+)/.exec(stderr)
      resolve({ firstLine: firstLine ?? total, total, cpuUs: cpu ? Number(cpu[1]) : undefined,
        benchCpuUs: ownCpu.user + ownCpu.system, stdout: tail,
        streamUsPerDelta: streamCpu ? Number(streamCpu[1]) / Number(streamCpu[2]) : undefined, exitAfterResult: resultAt === undefined ? undefined : total - resultAt })
    })
  })

const report = {}
const ms = (us, digits = 1) => Number((us / 1000).toFixed(digits))

if (parts.has("init")) {
  const nodeBaseline = []
  const initTimes = []
  for (let i = 0; i < RUNS; i++) {
    nodeBaseline.push((await timeProcess(["-e", "0"], false)).total)
    initTimes.push((await timeProcess([WAVE, "-p", "HANG", "--output-format", "stream-json"], true)).firstLine)
  }
  const nodeMs = median(nodeBaseline)
  const initMs = median(initTimes)
  Object.assign(report, {
    node_e_0_ms: Number(nodeMs.toFixed(1)),
    wave_start_to_init_ms: Number(initMs.toFixed(1)),
    init_ratio: Number((initMs / nodeMs).toFixed(2))
  })
}

if (parts.has("chunks")) {
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
  Object.assign(report, {
    cpu_ms_2000_chunks: ms(median(many)),
    cpu_ms_1_chunk: ms(median(one)),
    cpu_ms_per_chunk: ms((median(many) - median(one)) / (CHUNKS - 1), 4),
    cpu_ms_per_chunk_in_stream: ms(median(inStream), 4),
    exit_after_result_line_ms: Number(median(exitAfterResult).toFixed(1))
  })
}

if (parts.has("turns")) {
  /** One scripted conversation of `n` model turns; checks it really took n requests and ended with the answer. */
  const conversation = async (n) => {
    const before = fake.requests.length
    const run = await timeProcess([WAVE, "-p", `TURNS ${n}`, "--output-format", "stream-json"], false)
    const requests = fake.requests.length - before
    if (requests !== n || !run.stdout.includes(`done after ${n - 1} tools`) || run.cpuUs === undefined) {
      throw new Error(`TURNS ${n}: ${requests} requests, stdout tail: ${run.stdout.slice(-400)}`)
    }
    return run
  }
  const short = { wall: [], cpu: [], server: [] }
  const long = { wall: [], cpu: [], server: [] }
  const record = (into, run) => {
    into.wall.push(run.total * 1000)
    into.cpu.push(run.cpuUs)
    into.server.push(run.benchCpuUs)
  }
  for (let i = 0; i < RUNS; i++) {
    record(short, await conversation(1))
    record(long, await conversation(TURNS))
  }
  const perTurn = (key) => ms((median(long[key]) - median(short[key])) / (TURNS - 1), 2)
  Object.assign(report, {
    turns: TURNS,
    wall_ms_1_turn: ms(median(short.wall)),
    [`wall_ms_${TURNS}_turns`]: ms(median(long.wall)),
    wall_ms_per_turn: perTurn("wall"),
    cpu_ms_1_turn: ms(median(short.cpu)),
    [`cpu_ms_${TURNS}_turns`]: ms(median(long.cpu)),
    cpu_ms_per_turn: perTurn("cpu"),
    fake_server_cpu_ms_per_turn: perTurn("server"),
    // The last request of the long conversation carries the whole history and every tool's schema.
    last_request_body_kb: Number((fake.requests[fake.requests.length - 1].rawBody.length / 1024).toFixed(1))
  })
}
await fake.close()
fs.rmSync(home, { recursive: true, force: true })

report.runs = RUNS
report.targets = { init_ratio_max: 2.0, cpu_ms_per_chunk_max: 0.05 }
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
