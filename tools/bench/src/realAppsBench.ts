/**
 * One-shot `agent-desktop snapshot -i` against the pyatspi peer's one-shot dump (`atspi_peer.py dump`, the same
 * fields) on real apps of every toolkit the project tests (issue 8 item 7), interleaved run by run, plus envelope
 * sizes (-i, -i --compact) and the nodes the peer walked:
 *
 *   node tools/bench/dist/realAppsBench.js [--runs N] [--bin path/to/agent-desktop.js] [--apps a,b,...]
 *
 * Apps (registry name ← desktop spec): gnome-calculator, gtk4-demo, calculator ← qt:calculator, soffice ← localc,
 * Firefox and Chromium ← the form fixture page. Apps whose binary is missing are skipped (named on stderr).
 */
import { fixturePath, peerPath, qtExample, startDesktop, systemPython } from "@agent-desktop/desktop"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median } from "./stats.js"
import { argValue } from "./argValue.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 5)
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-realbench-"))
const page = `file://${fixturePath("form.html")}`

const catalogue = [
  { name: "gnome-calculator", spec: "gnome-calculator", binary: "/usr/bin/gnome-calculator" },
  { name: "gtk4-demo", spec: "gtk4-demo", binary: "/usr/bin/gtk4-demo" },
  { name: "calculator", spec: "qt:calculator", binary: qtExample("calculator") },
  { name: "soffice", spec: "localc", binary: "/usr/lib/libreoffice/program/soffice.bin" },
  { name: "Firefox", spec: `firefox:${page}`, binary: "/usr/lib/firefox-esr/firefox-esr" },
  { name: "Chromium", spec: `chromium:${page}`, binary: "/usr/lib/chromium/chromium" }
]

const timed = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): { ms: number; stdout: string } => {
  const start = process.hrtime.bigint()
  const result = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, timeout: 120_000 })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${String(result.status)}: ${result.stdout.slice(0, 300)}${result.stderr.slice(0, 300)}`)
  return { ms, stdout: result.stdout }
}

const countNodes = (node: { children?: ReadonlyArray<unknown> }): number =>
  1 + (node.children ?? []).reduce<number>((n, child) => n + countNodes(child as { children?: ReadonlyArray<unknown> }), 0)

const benchApp = (app: string, env: NodeJS.ProcessEnv) => {
  const cli = [process.execPath, bin, "snapshot", "--app", app, "-i", "--timeout-ms", "30000"]
  const peer = [systemPython, peerPath(), "dump", app]
  timed(cli, env)
  const peerNodes = countNodes((JSON.parse(timed(peer, env).stdout) as { windows: ReadonlyArray<{ children?: ReadonlyArray<unknown> }> }).windows[0]!)
  const cliTimes: Array<number> = []
  const peerTimes: Array<number> = []
  for (let i = 0; i < runs; i++) {
    cliTimes.push(timed(cli, env).ms)
    peerTimes.push(timed(peer, env).ms)
  }
  const interactive = timed(cli, env).stdout
  const compact = timed([...cli, "--compact"], env).stdout
  const data = (JSON.parse(interactive) as { data: { ref_count: number; complete: boolean } }).data
  return {
    app, peerNodes, refs: data.ref_count, complete: data.complete,
    cli: median(cliTimes), peer: median(peerTimes),
    bytes: Buffer.byteLength(interactive), compactBytes: Buffer.byteLength(compact)
  }
}

const main = async () => {
  const wanted = argValue("--apps")?.split(",")
  const apps = catalogue.filter((app) => (!wanted || wanted.includes(app.name)) && (fs.existsSync(app.binary) || (process.stderr.write(`skipped ${app.name}: ${app.binary} missing\n`), false)))
  const desktop = await startDesktop({ apps: apps.map((app) => app.spec), timeoutMs: 180_000 })
  try {
    const env = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home }
    // Let the browsers finish loading the page before the first timed read.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const rows = apps.map((app) => benchApp(app.name, env))
    const lines = [
      `runs: ${runs} per case, node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`,
      "",
      "| app | peer nodes | refs | complete | one-shot `snapshot -i` ms | one-shot peer dump ms | ratio | -i bytes (~tokens) | -i --compact bytes |",
      "|---|---:|---:|---|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.app} | ${r.peerNodes} | ${r.refs} | ${r.complete} | ${r.cli.toFixed(0)} | ${r.peer.toFixed(0)} | ${(r.cli / r.peer).toFixed(2)} | ${r.bytes} (~${Math.round(r.bytes / 4)}) | ${r.compactBytes} |`)
    ]
    process.stdout.write(lines.join("\n") + "\n")
  } finally {
    await desktop.stop()
  }
}

await main()
