/**
 * The agent's bill (issue 22 item 5): five scripted agent tasks on the test apps, each run through `agent-desktop mcp`
 * with the official SDK client three ways (src/token/strategies.ts: a whole `-i` snapshot every step, `-i --compact`
 * every step, diffs and waits), measured as the bytes the agent receives (≈ tokens × 4) and the calls it makes, each
 * run's outcome checked through another channel (src/token/tasks.ts).
 *
 *   node tools/bench/dist/tokenBench.js [--bin path/to/agent-desktop.js] [--rounds N] [--steps]
 *
 * Prints a markdown table (the README's); exits 1 when a task failed under any strategy.
 */
import { fixturePath, qtApp, startDesktop } from "@agent-desktop/desktop"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"
import { type Meter, MeteredAgent } from "./token/MeteredAgent.js"
import { STRATEGIES, View } from "./token/strategies.js"
import { TASKS } from "./token/tasks.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const rounds = Number(argValue("--rounds") ?? 1)
const steps = process.argv.includes("--steps")

interface Outcome {
  readonly meter: Meter
  readonly ok: boolean
  readonly error?: string
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

const PROFILED_APPS = ["fixture", "Chromium", "calculator", "standarddialogs", "rows"] as const

/** The bytes of one snapshot of each app, as the full profile prints it (both ways) and as the agent profile does. */
const profileSizes = async (env: NodeJS.ProcessEnv): Promise<Array<string>> => {
  const full = await MeteredAgent.connect(bin, ["--profile", "full"], env)
  const agent = await MeteredAgent.connect(bin, [], env)
  const size = async (client: MeteredAgent, args: Readonly<Record<string, unknown>>) =>
    (await client.measured(async () => void await client.call("snapshot", { ...args, timeout_ms: 30_000 }))).bytes
  try {
    const rows: Array<string> = []
    for (const app of PROFILED_APPS) {
      const whole = await size(full, { app })
      const compact = await size(full, { app, interactive_only: true, compact: true })
      const lean = await size(agent, { app })
      rows.push(`| ${app} | ${whole.toLocaleString("en")} | ${compact.toLocaleString("en")} | ${lean.toLocaleString("en")} (${(lean / compact).toFixed(2)}x) |`)
    }
    return rows
  } finally {
    await full.close()
    await agent.close()
  }
}

const main = async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-token-bench-"))
  const desktop = await startDesktop({
    apps: [
      "fixture", "rows:2000", `chromium:file://${fixturePath("form.html")}`,
      qtApp("calculator", "widgets", ["-geometry", "+900+0"]), qtApp("standarddialogs", "dialogs", ["-geometry", "+500+0"])
    ],
    timeoutMs: 150_000
  })
  const env = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home, AGENT_DESKTOP_HOST: "off" }
  const results = new Map<string, Map<string, Array<Outcome>>>()
  const toolLists = new Map<string, number>()
  const profiles: Array<string> = []
  try {
    profiles.push(...await profileSizes(env))
    for (let round = 0; round < rounds; round++) {
      for (const [index, strategy] of STRATEGIES.entries()) {
        const agent = await MeteredAgent.connect(bin, strategy.serverArgs, env)
        toolLists.set(strategy.name, agent.toolListBytes)
        try {
          for (const task of TASKS) {
            const context = { agent, strategy, view: new View(), env, stateDir: desktop.stateDir, run: index }
            let outcome: Outcome
            try {
              await task.reset?.(context)
              const meter = await agent.measured(() => task.script({ ...context, view: new View() }))
              outcome = { meter, ok: await task.check(context) }
            } catch (error) {
              outcome = { meter: { ...agent.meter }, ok: false, error: String(error).slice(0, 300) }
            }
            const byStrategy = results.get(task.name) ?? new Map<string, Array<Outcome>>()
            byStrategy.set(strategy.name, [...byStrategy.get(strategy.name) ?? [], outcome])
            results.set(task.name, byStrategy)
            process.stderr.write(`${strategy.name} | ${task.name}: ${outcome.ok ? "ok" : `FAILED ${outcome.error ?? "(check)"}`} ${outcome.meter.bytes} B ${outcome.meter.calls} calls${
              steps ? `: ${outcome.meter.steps.join(", ")}` : ""}\n`)
          }
        } finally {
          await agent.close()
        }
      }
    }
  } finally {
    await desktop.stop()
    fs.rmSync(home, { recursive: true, force: true })
  }
  const [full, compact, lean] = STRATEGIES.map((strategy) => strategy.name) as [string, string, string]
  const cell = (outcomes: ReadonlyArray<Outcome> | undefined) => {
    if (outcomes === undefined || outcomes.length === 0) return { text: "-", bytes: NaN, ok: false }
    const bytes = median(outcomes.map((outcome) => outcome.meter.bytes))
    const calls = median(outcomes.map((outcome) => outcome.meter.calls))
    const ok = outcomes.every((outcome) => outcome.ok)
    return { text: `${kb(bytes)} KB / ${calls} calls${ok ? "" : " **FAILED**"}`, bytes, ok }
  }
  let allOk = true
  const rows = [...results].map(([task, byStrategy]) => {
    const cells = [full, compact, lean].map((name) => cell(byStrategy.get(name)))
    allOk &&= cells.every((entry) => entry.ok)
    return `| ${task} | ${cells.map((entry) => entry.text).join(" | ")} | ${(cells[1]!.bytes / cells[2]!.bytes).toFixed(1)}x | ${(cells[0]!.bytes / cells[2]!.bytes).toFixed(1)}x |`
  })
  process.stdout.write([
    `rounds: ${rounds}, node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}, bin ${bin}`,
    `tools/list, model-visible bytes: ${[...toolLists].map(([name, bytes]) => `${name} server ${kb(bytes)} KB`).join(", ")}`,
    "",
    `| task | ${full} every step | ${compact} every step | ${lean} | ${compact} / ${lean} | ${full} / ${lean} |`,
    "|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    "What one `snapshot` call returns through MCP, by result profile (bytes; `full` = what the CLI prints):",
    "",
    "| app | full profile, default arguments (whole tree) | full profile, interactive_only + compact | agent profile, default arguments |",
    "|---|---:|---:|---:|",
    ...profiles,
    ""
  ].join("\n"))
  process.exitCode = allOk ? 0 : 1
}

await main()
