/**
 * The X11 addon's commands against the subprocess tools an agent would otherwise call, on the project's virtual
 * desktop (1280x1024, openbox, the fixture app), all cases interleaved run by run:
 *
 * - `agent-desktop --headed mouse-click --xy X,Y` (one-shot, end to end) vs `xdotool mousemove X Y click 1`;
 * - `agent-desktop screenshot FILE` one-shot, the same CLI call answered by a warm host (`agent-desktop serve`) through
 *   Node's client (`node bin/agent-desktop.js`) and through the installed command (`bin/agent-desktop`, whose native
 *   client starts no Node), and the MCP server's `screenshot` tool (official SDK client, a running
 *   `agent-desktop mcp`) vs `import -window root FILE` (ImageMagick) vs `scrot -o FILE`; the mouse click through the
 *   installed command and the host too;
 * - `agent-desktop clipboard-set TEXT` and `clipboard-get` (the clipboard round trip; the set includes starting the
 *   owner process and reading the content back);
 * - in process: the addon's capture alone, and capture + PNG encoding (what the CLI spends beyond start-up).
 *
 *   node tools/bench/dist/nativeBench.js [--runs N] [--bin path/to/agent-desktop.js]
 */
import { startDesktop } from "@agent-desktop/desktop"
import { loadAddon, X11Session } from "@agent-desktop/platform-linux-x11"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { type ChildProcess, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { median } from "./stats.js"
import { argValue } from "./argValue.js"
import { connectMcpClient } from "./mcpClient.js"
import { launcherOf, startWarmHost, stopWarmHost } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 15)
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const launcher = launcherOf(bin)

const desktop = await startDesktop({ apps: ["fixture"], windowManager: "openbox" })
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-native-bench-"))
const home = path.join(work, "home")
const hostEnv = { ...process.env, ...desktop.env, AGENT_DESKTOP_HOME: home }
// One-shot cases never reach the host that the "via warm host" case uses.
const env = { ...hostEnv, AGENT_DESKTOP_HOST: "off" }
const file = (name: string) => path.join(work, name)

interface Case {
  readonly name: string
  readonly argv: ReadonlyArray<string>
  readonly output?: string
  readonly env?: NodeJS.ProcessEnv
}

const cases: ReadonlyArray<Case> = [
  { name: "node -e 0", argv: [process.execPath, "-e", "0"] },
  { name: "agent-desktop --headed mouse-click --xy 5,5", argv: [process.execPath, bin, "--headed", "mouse-click", "--xy", "5,5"] },
  {
    name: "agent-desktop --headed mouse-click --xy 5,5 (installed command via warm host)",
    argv: [launcher, "--headed", "mouse-click", "--xy", "5,5"],
    env: hostEnv
  },
  { name: "xdotool mousemove 5 5 click 1", argv: ["xdotool", "mousemove", "5", "5", "click", "1"] },
  { name: "agent-desktop screenshot FILE", argv: [process.execPath, bin, "screenshot", file("ours.png")], output: file("ours.png") },
  {
    name: "agent-desktop screenshot FILE (Node client via warm host)",
    argv: [process.execPath, bin, "screenshot", file("host.png")],
    output: file("host.png"),
    env: hostEnv
  },
  {
    name: "agent-desktop screenshot FILE (installed command via warm host)",
    argv: [launcher, "screenshot", file("native.png")],
    output: file("native.png"),
    env: hostEnv
  },
  { name: "import -window root FILE", argv: ["import", "-window", "root", file("import.png")], output: file("import.png") },
  { name: "scrot -o FILE", argv: ["scrot", "-o", file("scrot.png")], output: file("scrot.png") },
  { name: "agent-desktop clipboard-set TEXT", argv: [process.execPath, bin, "clipboard-set", "bench text"] },
  { name: "agent-desktop clipboard-get", argv: [process.execPath, bin, "clipboard-get"] }
]

const caseNamed = (name: string): Case => cases.find((c) => c.name === name)!

const once = (c: Case): number => {
  const started = process.hrtime.bigint()
  const result = spawnSync(c.argv[0]!, c.argv.slice(1), { env: c.env ?? env, encoding: "utf8" })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (result.status !== 0) throw new Error(`${c.name} exited ${result.status}: ${result.stdout}${result.stderr}`)
  if (c.output !== undefined && !fs.readFileSync(c.output).subarray(1, 4).equals(Buffer.from("PNG"))) {
    throw new Error(`${c.name} wrote no PNG`)
  }
  return ms
}

const MCP_CASE = "MCP screenshot tool (path FILE), warm server"

const startMcp = () => connectMcpClient(bin, env, "native-bench")

const mcpOnce = async (client: Client): Promise<number> => {
  const started = process.hrtime.bigint()
  const result = await client.callTool({ name: "screenshot", arguments: { path: file("mcp.png") } })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (result.isError === true) throw new Error(`MCP screenshot failed: ${JSON.stringify(result.structuredContent)}`)
  return ms
}

let host: ChildProcess | undefined
let client: Client | undefined
try {
  host = await startWarmHost(bin, hostEnv, home)
  client = await startMcp()
  // Untimed first round: the CLI's first run of a build writes its code cache; the tools warm the page cache; the
  // host and the MCP server load the addon.
  for (const c of cases) once(c)
  await mcpOnce(client)
  const times = new Map<string, Array<number>>([...cases.map((c) => [c.name, []] as [string, Array<number>]), [MCP_CASE, []]])
  for (let run = 0; run < runs; run++) {
    for (const c of cases) times.get(c.name)!.push(once(c))
    times.get(MCP_CASE)!.push(await mcpOnce(client))
  }

  const load = loadAddon()
  if (load._tag !== "Loaded") throw new Error(load.reason)
  // In this process: Xlib reads the desktop's cookie file from XAUTHORITY.
  process.env["XAUTHORITY"] = desktop.env.XAUTHORITY
  const session = new X11Session(load.addon, desktop.env.DISPLAY)
  const inProcess = (f: () => void) => {
    const samples: Array<number> = []
    for (let run = 0; run < runs; run++) {
      const started = process.hrtime.bigint()
      f()
      samples.push(Number(process.hrtime.bigint() - started) / 1e6)
    }
    return median(samples)
  }
  const rawMs = inProcess(() => load.addon.captureRoot(0, 0, session.screen.width, session.screen.height))
  session.addon.captureRelease()
  const firstStarted = process.hrtime.bigint()
  session.capture.png()
  const firstMs = Number(process.hrtime.bigint() - firstStarted) / 1e6
  const encodedMs = inProcess(() => session.capture.png())
  const clickMs = inProcess(() => session.pointer.click(5, 5, "left", 1, []))
  load.addon.close()

  const row = (name: string, base: string) => {
    const ms = median(times.get(name)!)
    const ref = median(times.get(base)!)
    return `| ${name} | ${ms.toFixed(1)} | ${(ms / ref).toFixed(2)}x vs ${base} |`
  }
  const size = (c: Case) => (c.output && fs.existsSync(c.output) ? `${(fs.statSync(c.output).size / 1024).toFixed(0)} KB` : "")
  process.stdout.write([
    `runs: ${runs} per case, interleaved; node ${process.version}; load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}; screen ${session.screen.width}x${session.screen.height}; bin ${bin}`,
    "",
    "| case | median ms | ratio |",
    "|---|---:|---:|",
    row("node -e 0", "node -e 0"),
    row("agent-desktop --headed mouse-click --xy 5,5", "xdotool mousemove 5 5 click 1"),
    row("agent-desktop --headed mouse-click --xy 5,5 (installed command via warm host)", "xdotool mousemove 5 5 click 1"),
    row("xdotool mousemove 5 5 click 1", "xdotool mousemove 5 5 click 1"),
    row("agent-desktop screenshot FILE", "scrot -o FILE"),
    row("agent-desktop screenshot FILE (Node client via warm host)", "scrot -o FILE"),
    row("agent-desktop screenshot FILE (installed command via warm host)", "scrot -o FILE"),
    row(MCP_CASE, "scrot -o FILE"),
    row("import -window root FILE", "scrot -o FILE"),
    row("scrot -o FILE", "scrot -o FILE"),
    row("agent-desktop clipboard-set TEXT", "node -e 0"),
    row("agent-desktop clipboard-get", "node -e 0"),
    "",
    `in process: capture to raw rows ${rawMs.toFixed(1)} ms, capture + PNG ${encodedMs.toFixed(1)} ms (the first in a process, new shared segment: ${firstMs.toFixed(1)} ms), click ${clickMs.toFixed(1)} ms (the 8 ms press hold included)`,
    `PNG sizes: ours ${size(caseNamed("agent-desktop screenshot FILE"))}, import ${size(caseNamed("import -window root FILE"))}, scrot ${size(caseNamed("scrot -o FILE"))}`,
    ""
  ].join("\n"))
} finally {
  await client?.close()
  if (host !== undefined) await stopWarmHost(host)
  await desktop.stop()
  fs.rmSync(work, { recursive: true, force: true })
}
