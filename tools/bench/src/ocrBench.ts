/**
 * OCR: `find --text` on an 800x600 window, ours (the X11 addon's capture + @agent-desktop/ocr + the text search)
 * against the `tesseract` CLI on a PNG of the same window (`import -window XID` + `tesseract PNG stdout tsv`), the
 * screenshot included on both sides, all cases interleaved run by run. The window is tools/desktop's
 * ocr_window.py (GTK, 10 pt DejaVu Sans), which writes the true ink box of each word, so both sides' accuracy is
 * measured on the same pixels: words found, boxes within 4 px.
 *
 * Cases: ours with a warm engine (a long-lived host), ours cold (a new engine each run: the model load a one-shot
 * process pays, Node's start-up not included), the CLI as installed (OpenMP's default threads) and the CLI with
 * OMP_THREAD_LIMIT=1 (what our addon uses). CPU time is reported beside wall time (this process's for ours, the
 * children's for the CLI): on a shared machine it moves less with the load. End to end, the command itself:
 * `agent-desktop find --text ... --ocr always` through the built CLI (`--bin`, default apps/cli/bin/agent-desktop.js),
 * one-shot and through a warm host, interleaved with the rest.
 *
 *   node tools/bench/dist/ocrBench.js [--runs N] [--sweep] [--bin PATH]
 *
 * `--sweep` also measures accuracy and CPU per image for scale × page segmentation on windows of other fonts,
 * sizes and a dark theme (how the defaults were chosen).
 */
import { startDesktop, startOcrWindow, stopOcrWindow, type OcrTruth } from "@agent-desktop/desktop"
import { accuracy, findText, OcrEngines, pngImage, scanlineImage, type Recognition, type Segmentation } from "@agent-desktop/ocr"
import { loadAddon } from "@agent-desktop/platform-linux-x11"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"
import { recognitionFromTsv } from "./tesseractTsv.js"
import { startWarmHost, stopWarmHost } from "./warmHost.js"

const runs = Number(argValue("--runs") ?? 10)
const sweep = process.argv.includes("--sweep")
const QUERY = "Reset password"

const x11Load = loadAddon()
if (x11Load._tag !== "Loaded") throw new Error(x11Load.reason)
const x11 = x11Load.addon

/** This process's CPU time and its waited-for children's (clock ticks in /proc/self/stat), in ms. */
const cpuNow = (): { self: number; children: number } => {
  const stat = fs.readFileSync("/proc/self/stat", "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const tick = 10 // USER_HZ is 100 on Linux
  const usage = process.cpuUsage()
  return { self: (usage.user + usage.system) / 1000, children: (Number(fields[13]) + Number(fields[14])) * tick }
}

interface Sample {
  readonly wallMs: number
  readonly cpuMs: number
  readonly found: boolean
  readonly recognition: Recognition
  readonly extra?: Record<string, number>
}

const desktop = await startDesktop({ apps: [] })
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-ocr-bench-"))
const env = { ...process.env, ...desktop.env }

const ours = async (truth: OcrTruth, engines: OcrEngines): Promise<Sample> => {
  const cpu = cpuNow()
  const started = performance.now()
  const shot = x11.captureRoot(truth.origin.x, truth.origin.y, truth.size.width, truth.size.height)
  const captured = performance.now()
  const recognition = await engines.recognize(scanlineImage(shot))
  const found = findText(recognition, { text: QUERY }).length === 1
  const wallMs = performance.now() - started
  return {
    wallMs,
    cpuMs: cpuNow().self - cpu.self,
    found,
    recognition,
    extra: { capture: captured - started, prepare: recognition.timings.prepareMs, recognize: recognition.timings.recognizeMs }
  }
}

const oursCold = async (truth: OcrTruth): Promise<Sample> => {
  const cpu = cpuNow()
  const started = performance.now()
  const engines = new OcrEngines()
  const { initMs } = await engines.warm()
  const sample = await ours(truth, engines)
  const wallMs = performance.now() - started
  await engines.close()
  return { ...sample, wallMs, cpuMs: cpuNow().self - cpu.self, extra: { ...sample.extra, init: initMs } }
}

const cli = (truth: OcrTruth, ompLimit: boolean): Sample => {
  const file = path.join(work, "window.png")
  const childEnv: NodeJS.ProcessEnv = { ...env }
  if (ompLimit) childEnv["OMP_THREAD_LIMIT"] = "1"
  else delete childEnv["OMP_THREAD_LIMIT"]
  const cpu = cpuNow()
  const started = performance.now()
  const shot = spawnSync("import", ["-window", String(truth.xid), file], { env: childEnv })
  if (shot.status !== 0) throw new Error(`import failed: ${shot.stderr}`)
  const captured = performance.now()
  const ocr = spawnSync("tesseract", [file, "stdout", "tsv"], { env: childEnv, encoding: "utf8", maxBuffer: 16 << 20 })
  if (ocr.status !== 0) throw new Error(`tesseract failed: ${ocr.stderr}`)
  const recognition = recognitionFromTsv(ocr.stdout, truth.size)
  const found = findText(recognition, { text: QUERY }).length === 1
  const wallMs = performance.now() - started
  return { wallMs, cpuMs: cpuNow().children - cpu.children, found, recognition, extra: { capture: captured - started, tesseract: wallMs - (captured - started) } }
}

/**
 * The command an agent runs: `agent-desktop find --text QUERY --app ocr-window --ocr always` through the built CLI,
 * one-shot (a new process, no warm host: Node's start-up, the engine's, the tree read, the model load, capture and
 * recognition all included). The window is a GTK one, so `always` reads the screen beside its tree; found = an
 * `ocr` match with the query's text.
 */
const bin = path.resolve(argValue("--bin") ?? path.join(path.dirname(new URL(import.meta.url).pathname), "../../../apps/cli/bin/agent-desktop.js"))
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-ocr-bench-home-"))
const hostEnv = { ...env, AGENT_DESKTOP_HOME: home }
const command = (viaHost: boolean): { readonly wallMs: number; readonly cpuMs: number; readonly found: boolean } => {
  const cpu = cpuNow()
  const started = performance.now()
  const run = spawnSync(process.execPath, [bin, "find", "--text", QUERY, "--app", "ocr-window", "--ocr", "always"], {
    env: viaHost ? hostEnv : { ...hostEnv, AGENT_DESKTOP_HOST: "off" },
    encoding: "utf8",
    maxBuffer: 16 << 20
  })
  const wallMs = performance.now() - started
  const envelope = JSON.parse(run.stdout || "{}") as { ok?: boolean; data?: { matches?: Array<{ source?: string; name?: string }> } }
  const ocrMatch = envelope.ok === true && (envelope.data?.matches ?? []).some((m) => m.source === "ocr" && m.name === QUERY)
  if (envelope.ok !== true) process.stderr.write(`find --text failed: ${run.stdout}${run.stderr}\n`)
  return { wallMs, cpuMs: cpuNow().children - cpu.children, found: ocrMatch }
}

const fmt = (n: number) => n.toFixed(1)

try {
  const { app, truth } = await startOcrWindow(desktop, "bench")
  // The private Xvfb admits only clients with its cookie: the addon reads XAUTHORITY from this process's environment.
  process.env["XAUTHORITY"] = desktop.env.XAUTHORITY
  x11.open(desktop.env.DISPLAY)
  const warm = new OcrEngines()
  const init = await warm.warm()
  const names = ["ours, warm engine", "ours, cold engine (model load included)", "tesseract CLI (default threads)", "tesseract CLI (OMP_THREAD_LIMIT=1)"] as const
  const samples = new Map<string, Array<Sample>>(names.map((n) => [n, []]))
  // Untimed first round: page cache, the CLI's model file, the X server's shared segment.
  await ours(truth, warm)
  cli(truth, false)
  // The same command through a warm host (`agent-desktop serve`): what an agent's second and later calls cost.
  const host = await startWarmHost(bin, hostEnv, home)
  command(false)
  command(true)
  const commandSamples: Array<ReturnType<typeof command>> = []
  const hostSamples: Array<ReturnType<typeof command>> = []
  for (let run = 0; run < runs; run++) {
    commandSamples.push(command(false))
    hostSamples.push(command(true))
    samples.get(names[0])!.push(await ours(truth, warm))
    samples.get(names[1])!.push(await oursCold(truth))
    samples.get(names[2])!.push(cli(truth, false))
    samples.get(names[3])!.push(cli(truth, true))
  }
  await warm.close()
  await stopWarmHost(host)
  await stopOcrWindow(app)

  const summary = (name: string) => {
    const list = samples.get(name)!
    const score = accuracy(truth.words, list[0]!.recognition)
    return {
      name,
      wall: median(list.map((s) => s.wallMs)),
      cpu: median(list.map((s) => s.cpuMs)),
      found: list.every((s) => s.found),
      score,
      extra: Object.fromEntries(Object.keys(list[0]!.extra ?? {}).map((k) => [k, median(list.map((s) => s.extra![k]!))]))
    }
  }
  const rows = names.map(summary)
  const strict = rows[3]!
  const lines = [
    `runs: ${runs} per case, interleaved; node ${process.version}; load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}; window 800x600 (${truth.words.length} words), query "${QUERY}"; first engine init ${fmt(init.initMs)} ms`,
    "",
    "| case | wall median ms | vs CLI (default) | vs CLI (1 thread) | CPU median ms | CPU vs CLI (1 thread) | words found | boxes within 4 px | max box error px | query found |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.wall)} | ${(r.wall / rows[2]!.wall).toFixed(2)}x | ${(r.wall / strict.wall).toFixed(2)}x | ${fmt(r.cpu)} | ${(r.cpu / strict.cpu).toFixed(2)}x | ${r.score.found}/${r.score.total} (${(100 * r.score.recall).toFixed(1)}%) | ${r.score.withinTolerance}/${r.score.found} | ${r.score.maxBoxError} | ${r.found ? "yes" : "NO"} |`
    ),
    "",
    `agent-desktop find --text "${QUERY}" --ocr always, one-shot CLI (no warm host): wall median ${fmt(median(commandSamples.map((c) => c.wallMs)))} ms = ` +
      `${(median(commandSamples.map((c) => c.wallMs)) / rows[2]!.wall).toFixed(2)}x the CLI as installed, ${(median(commandSamples.map((c) => c.wallMs)) / strict.wall).toFixed(2)}x the 1-thread CLI; ` +
      `CPU median ${fmt(median(commandSamples.map((c) => c.cpuMs)))} ms (${(median(commandSamples.map((c) => c.cpuMs)) / strict.cpu).toFixed(2)}x); ocr match found in every run: ${commandSamples.every((c) => c.found) ? "yes" : "NO"}`,
    `the same through a warm host (agent-desktop serve): wall median ${fmt(median(hostSamples.map((c) => c.wallMs)))} ms = ` +
      `${(median(hostSamples.map((c) => c.wallMs)) / rows[2]!.wall).toFixed(2)}x the CLI as installed, ${(median(hostSamples.map((c) => c.wallMs)) / strict.wall).toFixed(2)}x the 1-thread CLI; ` +
      `ocr match found in every run: ${hostSamples.every((c) => c.found) ? "yes" : "NO"} (the host's CPU is not this process's child's)`,
    "",
    ...rows.map((r) => `${r.name}: ${Object.entries(r.extra).map(([k, v]) => `${k} ${fmt(v)} ms`).join(", ")}; missed: ${r.score.missed.map((m) => (m.read ? `${m.text}→${m.read}` : m.text)).join(", ") || "none"}`),
    ""
  ]
  process.stdout.write(lines.join("\n"))

  if (sweep) {
    const variants = [
      { name: "DejaVu Sans 10 pt", options: { fontSize: 10 } },
      { name: "DejaVu Sans 9 pt", options: { fontSize: 9 } },
      { name: "DejaVu Sans 8 pt", options: { fontSize: 8 } },
      { name: "DejaVu Sans 11 pt", options: { fontSize: 11 } },
      { name: "DejaVu Sans 10 pt dark", options: { fontSize: 10, dark: true } },
      { name: "DejaVu Serif 10 pt", options: { fontSize: 10, font: "DejaVu Serif" } },
      { name: "Nimbus Sans 9 pt", options: { fontSize: 9, font: "Nimbus Sans" } },
      { name: "DejaVu Sans Mono 10 pt", options: { fontSize: 10, font: "DejaVu Sans Mono" } }
    ]
    const settings: Array<{ scale: number; segmentation: Segmentation }> = []
    for (const segmentation of ["sparse", "auto"] as const) for (const scale of [1, 1.5, 2, 3]) settings.push({ scale, segmentation })
    const engines = new OcrEngines()
    await engines.warm()
    const totals = new Map<string, { found: number; within: number; total: number; cpu: Array<number>; max: number }>()
    const cliTotals = { found: 0, within: 0, total: 0, max: 0 }
    for (const variant of variants) {
      const { app: window, truth: t } = await startOcrWindow(desktop, variant.name.replace(/\W+/g, "-"), variant.options)
      const image = scanlineImage(x11.captureRoot(t.origin.x, t.origin.y, t.size.width, t.size.height))
      for (const s of settings) {
        const cpu = cpuNow().self
        const r = await engines.recognize(image, s)
        const used = cpuNow().self - cpu
        const a = accuracy(t.words, r)
        const key = `${s.segmentation} ${s.scale}`
        const total = totals.get(key) ?? { found: 0, within: 0, total: 0, cpu: [], max: 0 }
        total.found += a.found
        total.within += a.withinTolerance
        total.total += a.total
        total.max = Math.max(total.max, a.maxBoxError)
        total.cpu.push(used)
        totals.set(key, total)
      }
      const peer = cli(t, true)
      const a = accuracy(t.words, peer.recognition)
      cliTotals.found += a.found
      cliTotals.within += a.withinTolerance
      cliTotals.total += a.total
      cliTotals.max = Math.max(cliTotals.max, a.maxBoxError)
      await stopOcrWindow(window)
    }
    await engines.close()
    process.stdout.write(
      [
        "",
        `sweep: ${variants.length} windows (${variants.map((v) => v.name).join(", ")}), ${cliTotals.total} words in all`,
        "",
        "| segmentation | scale | words found | boxes within 4 px | max box error px | CPU median ms per window |",
        "|---|---:|---:|---:|---:|---:|",
        ...[...totals.entries()].map(([key, t]) => {
          const [segmentation, scale] = key.split(" ")
          return `| ${segmentation} | ${scale} | ${(100 * t.found / t.total).toFixed(1)}% | ${(100 * t.within / t.total).toFixed(1)}% | ${t.max} | ${fmt(median(t.cpu))} |`
        }),
        `| tesseract CLI (psm 3, as is) | 1 | ${(100 * cliTotals.found / cliTotals.total).toFixed(1)}% | ${(100 * cliTotals.within / cliTotals.total).toFixed(1)}% | ${cliTotals.max} | |`,
        ""
      ].join("\n")
    )
  }
} finally {
  x11.close()
  await desktop.stop()
  fs.rmSync(work, { recursive: true, force: true })
}
