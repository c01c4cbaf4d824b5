/**
 * The same commands on X11 and on Wayland, per command: a virtual X11 desktop (Xvfb + openbox) and a headless sway
 * session, each with the GTK 3 geometry fixture and its own warm host (`agent-desktop serve`), every call through the
 * installed command (`bin/agent-desktop`, the native client), all cases interleaved run by run. The ratio is Wayland
 * over X11 for the same command: what the wlroots backend (virtual keyboard and pointer, screencopy, sway IPC) costs
 * against the X11 one (XTEST, XShm, EWMH). The compositors' own tools are in the same table for scale: `grim` (sway)
 * and `import -window root` (X11) for a screenshot, wl-clipboard's `wl-copy` and `wl-paste` (sway) for the clipboard.
 *
 *   node tools/bench/dist/waylandCommandBench.js [--runs N] [--bin path/to/agent-desktop.js]
 */
import { geometryFixture, startDesktop, startSway } from "@agent-desktop/desktop"
import { type ChildProcess, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { argValue } from "./argValue.js"
import { median } from "./stats.js"
import { launcherOf, startWarmHost, stopWarmHost } from "./warmHost.js"

const here = path.dirname(fileURLToPath(import.meta.url))
const runs = Number(argValue("--runs") ?? 10)
const bin = path.resolve(argValue("--bin") ?? path.resolve(here, "../../../apps/cli/bin/agent-desktop.js"))
const launcher = launcherOf(bin)
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-wl-cmd-bench-"))

interface Side {
  readonly name: "X11" | "Wayland"
  readonly env: NodeJS.ProcessEnv
  readonly host: ChildProcess
}

const envFor = (desktopEnv: Readonly<Record<string, string>>, label: string): NodeJS.ProcessEnv => {
  const home = fs.mkdtempSync(path.join(work, `${label}-`))
  return { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: home, ...desktopEnv }
}

const call = (side: Side, argv: ReadonlyArray<string>): Record<string, any> => {
  const result = spawnSync(launcher, [...argv], { env: side.env, encoding: "utf8", timeout: 30_000 })
  const envelope = JSON.parse(result.stdout) as Record<string, any>
  if (envelope["ok"] !== true) throw new Error(`${side.name}: ${argv.join(" ")}: ${result.stdout.slice(0, 600)}`)
  return envelope["data"]
}

const x11 = await startDesktop({ apps: [geometryFixture(3)], windowManager: "openbox", timeoutMs: 60_000 })
const sway = await startSway({ apps: [geometryFixture(3)], timeoutMs: 60_000 })
const sides: Array<Side> = []
try {
  for (const [name, desktop] of [["X11", x11], ["Wayland", sway]] as const) {
    const env = envFor(desktop.env as Record<string, string>, name)
    sides.push({ name, env, host: await startWarmHost(bin, env, env["AGENT_DESKTOP_HOME"]!) })
  }
  // The entry has the focus (keys go there), and a point on the window's background for clicks (beside the check box).
  const points = new Map<string, string>()
  for (const side of sides) {
    call(side, ["focus-window", "--app", "geometry3"])
    const tree = call(side, ["snapshot", "--app", "geometry3", "-i", "--include-bounds"])["tree"]
    const all: Array<Record<string, any>> = []
    const walk = (n: Record<string, any>) => { all.push(n); for (const c of n["children"] ?? []) walk(c) }
    walk(tree)
    const check = all.find((n) => n["role"] === "checkbox")!["bounds"]
    const entry = all.find((n) => n["role"] === "textfield")!["ref_id"]
    call(side, ["click", entry])
    points.set(side.name, `${check.x + check.width + 40},${check.y + Math.round(check.height / 2)}`)
  }
  const commands: ReadonlyArray<{ name: string; argv: (side: Side) => ReadonlyArray<string> }> = [
    { name: "status", argv: () => ["status"] },
    { name: "--headed press --app geometry3 a", argv: () => ["--headed", "press", "--app", "geometry3", "a"] },
    { name: "--headed mouse-click --xy (background)", argv: (side) => ["--headed", "mouse-click", "--xy", points.get(side.name)!] },
    { name: "screenshot FILE", argv: (side) => ["screenshot", path.join(work, `${side.name}.png`)] },
    { name: "list-windows", argv: () => ["list-windows"] },
    { name: "focus-window --app geometry3", argv: () => ["focus-window", "--app", "geometry3"] },
    { name: "snapshot -i --include-bounds", argv: () => ["snapshot", "--app", "geometry3", "-i", "--include-bounds"] },
    { name: "clipboard-set TEXT", argv: () => ["clipboard-set", "agent-desktop bench text"] },
    { name: "clipboard-get", argv: () => ["clipboard-get"] }
  ]
  const peers: ReadonlyArray<{ name: string; side: Side; argv: ReadonlyArray<string> }> = [
    { name: "grim FILE (sway's own)", side: sides[1]!, argv: ["grim", path.join(work, "grim.png")] },
    { name: "import -window root FILE (X11's own)", side: sides[0]!, argv: ["import", "-window", "root", path.join(work, "import.png")] },
    { name: "wl-copy TEXT (wl-clipboard, sway)", side: sides[1]!, argv: ["wl-copy", "agent-desktop bench text"] },
    { name: "wl-paste (wl-clipboard, sway)", side: sides[1]!, argv: ["wl-paste", "-n"] }
  ]
  const samples = new Map<string, Array<number>>()
  const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms])
  for (let run = 0; run < runs; run++) {
    for (const command of commands) {
      for (const side of sides) {
        const started = process.hrtime.bigint()
        call(side, command.argv(side))
        record(`${command.name}|${side.name}`, Number(process.hrtime.bigint() - started) / 1e6)
      }
    }
    for (const peer of peers) {
      const started = process.hrtime.bigint()
      const result = spawnSync(peer.argv[0]!, peer.argv.slice(1), { env: peer.side.env, stdio: "ignore" })
      if (result.status !== 0) throw new Error(`${peer.name} exited ${result.status}`)
      record(peer.name, Number(process.hrtime.bigint() - started) / 1e6)
    }
  }
  const of = (key: string) => median(samples.get(key) ?? [])
  const lines = [
    `runs ${runs}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    "| command (warm host, native client) | X11 median ms | Wayland (sway) median ms | Wayland / X11 |",
    "|---|---:|---:|---:|",
    ...commands.map((c) => {
      const a = of(`${c.name}|X11`)
      const b = of(`${c.name}|Wayland`)
      return `| \`${c.name}\` | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)}x |`
    }),
    ...peers.map((p) => `| ${p.name} | ${p.side.name === "X11" ? of(p.name).toFixed(1) : ""} | ${p.side.name === "Wayland" ? of(p.name).toFixed(1) : ""} | |`)
  ]
  process.stdout.write(lines.join("\n") + "\n")
} finally {
  for (const side of sides) await stopWarmHost(side.host)
  await x11.stop()
  await sway.stop()
}
