/**
 * One-shot `agent-desktop snapshot -i` against the pyatspi peer's one-shot dump (`atspi_peer.py dump`, the same
 * fields) on real apps of every toolkit the project tests (issue 8 item 7), interleaved run by run, plus the nodes
 * the peer walked and envelope sizes: `-i` and `-i --compact` whole (`--max-children 0`), with -i's default child
 * limit (50 per container) and with `--max-children 10`, each with its refs and the containers the limit cut:
 *
 *   node tools/bench/dist/realAppsBench.js [--runs N] [--bin path/to/agent-desktop.js] [--apps a,b,...]
 *     [--compare-bin path/to/other/agent-desktop.js] [--via-host]
 *
 * `--compare-bin` times a second build in the same runs (interleaved with the first and the peer), so a change is
 * measured against its baseline under the same load. `--via-host` then times, in a second phase, the same call through
 * the installed command (`bin/agent-desktop`, whose native client starts no Node) answered by a warm host
 * (`agent-desktop serve`, one per desktop), interleaved with the peer again: a live host listens to the desktop's
 * AT-SPI events, which costs every client of the app a little (the peer walked gtk3-widget-factory 10-30 % slower
 * with one up), so each ratio is against the peer timed under the same conditions. The one-shot phase runs with no
 * host up and AGENT_DESKTOP_HOST=off.
 *
 * Apps (label: registry name ← desktop spec): grid ← grid:250 (the GTK 3 GtkGrid fixture, ~1,000 nodes),
 * gtk3-widget-factory, gnome-calculator, gtk4-demo, calculator ← qt:calculator, soffice ←
 * localc, Firefox and Chromium ← the form fixture page, and `Chromium-5000` / `Firefox-5000` ← a generated page of
 * ~5,000 accessible nodes (a 500-row table of text, a button, a check box and a text field). Each app gets a desktop
 * of its own, one after the other, so no app loads the machine while another is timed. Apps whose binary is missing
 * are skipped (named on stderr).
 */
import { fixturePath, peerPath, qtExample, startDesktop, systemPython } from "@agent-desktop/desktop"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median } from "./stats.js"
import { argValue } from "./argValue.js"
import { launcherOf, startWarmHost, stopWarmHost } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 5)
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const compareBin = argValue("--compare-bin") === undefined ? undefined : path.resolve(argValue("--compare-bin")!)
const viaHost = process.argv.includes("--via-host")
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-realbench-"))
const page = `file://${fixturePath("form.html")}`
const bigPagePath = path.join(home, "big-page.html")
const bigPageRows = 500
fs.writeFileSync(bigPagePath, [
  "<!doctype html><html><head><meta charset=utf-8><title>Big page</title></head><body><table>",
  ...Array.from({ length: bigPageRows }, (_, i) =>
    `<tr><td>row ${i}</td><td><button>button ${i}</button></td><td><label><input type=checkbox> check ${i}</label></td><td><input aria-label="field ${i}" value="text ${i}"></td></tr>`),
  "</table></body></html>"
].join("\n"))
const bigPage = `file://${bigPagePath}`

const catalogue = [
  { label: "grid", name: "grid", spec: "grid:250", binary: systemPython },
  { label: "gtk3-widget-factory", name: "gtk3-widget-factory", spec: "gtk3-widget-factory", binary: "/usr/bin/gtk3-widget-factory" },
  { label: "gnome-calculator", name: "gnome-calculator", spec: "gnome-calculator", binary: "/usr/bin/gnome-calculator" },
  { label: "gtk4-demo", name: "gtk4-demo", spec: "gtk4-demo", binary: "/usr/bin/gtk4-demo" },
  { label: "calculator", name: "calculator", spec: "qt:calculator", binary: qtExample("calculator") },
  { label: "soffice", name: "soffice", spec: "localc", binary: "/usr/lib/libreoffice/program/soffice.bin" },
  { label: "Firefox", name: "Firefox", spec: `firefox:${page}`, binary: "/usr/lib/firefox-esr/firefox-esr" },
  { label: "Chromium", name: "Chromium", spec: `chromium:${page}`, binary: "/usr/lib/chromium/chromium" },
  { label: "Firefox-5000", name: "Firefox", spec: `firefox:${bigPage}`, binary: "/usr/lib/firefox-esr/firefox-esr" },
  { label: "Chromium-5000", name: "Chromium", spec: `chromium:${bigPage}`, binary: "/usr/lib/chromium/chromium" }
]

const timed = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): { ms: number; stdout: string } => {
  const start = process.hrtime.bigint()
  const result = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, timeout: 120_000 })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${String(result.status)}: ${result.stdout.slice(0, 300)}${result.stderr.slice(0, 300)}`)
  return { ms, stdout: result.stdout }
}

const snapshotArgs = (app: string) => ["snapshot", "--app", app, "-i", "--timeout-ms", "30000"]
const peerArgv = (app: string) => [systemPython, peerPath(), "dump", app]

const countNodes = (node: { children?: ReadonlyArray<unknown> }): number =>
  1 + (node.children ?? []).reduce<number>((n, child) => n + countNodes(child as { children?: ReadonlyArray<unknown> }), 0)

interface Printed {
  readonly role: string
  readonly name?: string
  readonly hint?: string
  readonly children_count?: number
  readonly children?: ReadonlyArray<Printed>
}

/** The containers the child limit cut ("table 50/500"): every ref the limit leaves out sits under one of them. */
const cutContainers = (node: Printed): Array<string> => [
  ...(node.hint?.startsWith("children ") === true && node.children_count !== undefined
    ? [`${node.role}${node.name === undefined ? "" : ` "${node.name.slice(0, 24)}"`} ${node.children?.length ?? 0}/${node.children_count}`]
    : []),
  ...(node.children ?? []).flatMap(cutContainers)
]

/** Envelope sizes: the flags after `snapshot --app X -i`. `-i` alone prints at most 50 children per container. */
const SIZE_CASES = [
  ["-i, all children", ["--max-children", "0"]],
  ["-i --compact, all children", ["--compact", "--max-children", "0"]],
  ["-i (default limit 50)", []],
  ["-i --compact (default limit 50)", ["--compact"]],
  ["-i --compact --max-children 10", ["--compact", "--max-children", "10"]]
] as const

/** Phase one, no host up: one-shot CLI (and `--compare-bin`) against the peer, interleaved; then the sizes. */
const benchOneShot = (label: string, app: string, hostEnv: NodeJS.ProcessEnv) => {
  const env = { ...hostEnv, AGENT_DESKTOP_HOST: "off" }
  const cli = [process.execPath, bin, ...snapshotArgs(app)]
  const other = compareBin === undefined ? undefined : [process.execPath, compareBin, ...snapshotArgs(app)]
  const peer = peerArgv(app)
  timed(cli, env)
  if (other) timed(other, env)
  const peerNodes = countNodes((JSON.parse(timed(peer, env).stdout) as { windows: ReadonlyArray<{ children?: ReadonlyArray<unknown> }> }).windows[0]!)
  const cliTimes: Array<number> = []
  const otherTimes: Array<number> = []
  const peerTimes: Array<number> = []
  for (let i = 0; i < runs; i++) {
    // The two builds take turns going first, so neither always runs right after the peer.
    if (other && i % 2 === 1) otherTimes.push(timed(other, env).ms)
    cliTimes.push(timed(cli, env).ms)
    if (other && i % 2 === 0) otherTimes.push(timed(other, env).ms)
    peerTimes.push(timed(peer, env).ms)
  }
  const sizes = SIZE_CASES.map(([, flags]) => {
    const out = timed([...cli, ...flags], env).stdout
    const data = (JSON.parse(out) as { data: { ref_count: number; complete: boolean; tree: Printed } }).data
    return { bytes: Buffer.byteLength(out), refs: data.ref_count, complete: data.complete, cuts: cutContainers(data.tree) }
  })
  const whole = sizes[0]!
  return {
    app: label, peerNodes, refs: whole.refs, complete: sizes.every((size) => size.complete),
    cli: median(cliTimes), peer: median(peerTimes), other: otherTimes.length > 0 ? median(otherTimes) : undefined,
    sizes
  }
}

/** Phase two, a warm host up: the installed command through it against the peer, interleaved. */
const benchViaHost = (app: string, hostEnv: NodeJS.ProcessEnv) => {
  const installed = [launcherOf(bin), ...snapshotArgs(app)]
  const peer = peerArgv(app)
  const peerEnv = { ...hostEnv, AGENT_DESKTOP_HOST: "off" }
  timed(installed, hostEnv)
  const hostTimes: Array<number> = []
  const peerTimes: Array<number> = []
  for (let i = 0; i < runs; i++) {
    hostTimes.push(timed(installed, hostEnv).ms)
    peerTimes.push(timed(peer, peerEnv).ms)
  }
  return { host: median(hostTimes), peer: median(peerTimes) }
}

const loadNow = () => os.loadavg().map((n) => n.toFixed(1)).join(" ")

const main = async () => {
  const loadAtStart = loadNow()
  const wanted = argValue("--apps")?.split(",")
  const apps = catalogue.filter((app) => (!wanted || wanted.includes(app.label)) && (fs.existsSync(app.binary) || (process.stderr.write(`skipped ${app.label}: ${app.binary} missing\n`), false)))
  const rows: Array<ReturnType<typeof benchOneShot> & { viaHost?: ReturnType<typeof benchViaHost> }> = []
  for (const app of apps) {
    const desktop = await startDesktop({ apps: [app.spec], timeoutMs: 180_000 })
    try {
      const env = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home }
      // Let a browser finish loading its page before the first timed read.
      await new Promise((resolve) => setTimeout(resolve, app.spec.includes("file://") ? 8000 : 2000))
      const row = benchOneShot(app.label, app.name, env)
      if (viaHost) {
        const host = await startWarmHost(bin, env, home)
        try {
          rows.push({ ...row, viaHost: benchViaHost(app.name, env) })
        } finally {
          await stopWarmHost(host)
        }
      } else rows.push(row)
      process.stderr.write(`${app.label} done (load ${loadNow()})\n`)
    } finally {
      await desktop.stop()
    }
  }
  {
    const lines = [
      `runs: ${runs} per case, node ${process.version}, load average ${loadAtStart} at the start, ${loadNow()} at the end`,
      ...(compareBin ? [`--bin ${bin}`, `--compare-bin ${compareBin}`] : []),
      "",
      `| app | peer nodes | refs (whole) | complete | one-shot \`snapshot -i\` ms | one-shot peer dump ms | ratio |${compareBin ? " --compare-bin ms | ratio |" : ""}${viaHost ? " installed command via warm host ms | peer dump ms, host up | ratio |" : ""}`,
      `|---|---:|---:|---|---:|---:|---:|${compareBin ? "---:|---:|" : ""}${viaHost ? "---:|---:|---:|" : ""}`,
      ...rows.map((r) => `| ${r.app} | ${r.peerNodes} | ${r.refs} | ${r.complete} | ${r.cli.toFixed(0)} | ${r.peer.toFixed(0)} | ${(r.cli / r.peer).toFixed(2)} |` +
        `${r.other === undefined ? "" : ` ${r.other.toFixed(0)} | ${(r.other / r.peer).toFixed(2)} |`}` +
        `${r.viaHost === undefined ? "" : ` ${r.viaHost.host.toFixed(0)} | ${r.viaHost.peer.toFixed(0)} | ${(r.viaHost.host / r.viaHost.peer).toFixed(2)} |`}`),
      "",
      "Envelope bytes (~tokens at 4 bytes each; refs):",
      "",
      `| app | ${SIZE_CASES.map(([label]) => label).join(" | ")} | containers cut by -i's default (shown/children_count) |`,
      `|---|${SIZE_CASES.map(() => "---:").join("|")}|---|`,
      ...rows.map((r) => `| ${r.app} | ${r.sizes.map((size) => `${size.bytes} (~${Math.round(size.bytes / 4)}; ${size.refs})`).join(" | ")} | ${r.sizes[3]!.cuts.join(", ") || "none"} |`)
    ]
    process.stdout.write(lines.join("\n") + "\n")
  }
}

await main()
