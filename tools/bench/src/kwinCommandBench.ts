/**
 * The KDE backend's commands on headless kwin_wayland against KWin's own tools in the same run: a KWin session with the
 * GTK 3 geometry fixture fullscreen (its entry focused by a click) and a warm host (`agent-desktop serve`), every call
 * through the installed command (native client). KWin grants fake input and ScreenShot2 per executable, so the
 * session's .desktop files authorize agent-desktop's KWin helper (what the warm host drives KWin through) and a copy
 * of the system Python (the peer). The peers: KWin's own ScreenShot2 capture of the screen through Gio (the wayland
 * package's `kwin_screenshot.py`, a Python process per call as any script of the user would run it), and `wl-paste`
 * for the clipboard. The helper's own cost is measured against the in-process route it replaced, in the same run:
 * this bench's Node (authorized here for that comparison only) sends a Shift tap and captures the screen through the
 * addon on its own connection, and through a warm helper (one pipe round trip more).
 *
 *   node tools/bench/dist/kwinCommandBench.js [--runs N] [--bin path/to/agent-desktop.js]
 */
import { geometryFixture, probePath, startKwin, systemPython } from "@agent-desktop/desktop"
import { KwinHelper, kwinHelperPath, loadAddon, WaylandSession } from "@agent-desktop/platform-linux-wayland"
import { spawnSync } from "node:child_process"
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
const kwinShot = path.resolve(here, "../../../libs/platform-linux-wayland/test/kwin_screenshot.py")
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-kwin-cmd-bench-"))
/**
 * The peer's Python, a copy only this session's .desktop file names: KWin grants what the FIRST .desktop file whose
 * Exec= is the caller's executable says, and Debian's python3.11.desktop names /usr/bin/python3.11 too (granting
 * nothing), so authorizing the system Python itself is refused or not depending on KDE's service-cache order.
 */
const peerPython = path.join(work, "python3")
fs.copyFileSync(fs.realpathSync(systemPython), peerPython)
fs.chmodSync(peerPython, 0o755)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const desktop = await startKwin({
  apps: [geometryFixture(3, { fullscreen: true })],
  timeoutMs: 90_000,
  authorizations: [
    // What agent-desktop-setup-kde installs: the helper's real path (KWin compares it with /proc/PID/exe).
    { name: "agent-desktop", exec: kwinHelperPath(), waylandInterfaces: ["org_kde_kwin_fake_input"], dbusInterfaces: ["org.kde.KWin.ScreenShot2"] },
    // The in-process route the helper replaced, for the same-run comparison only.
    { name: "agent-desktop bench in-process", exec: fs.realpathSync(process.execPath), waylandInterfaces: ["org_kde_kwin_fake_input"], dbusInterfaces: ["org.kde.KWin.ScreenShot2"] },
    { name: "agent-desktop bench peer", exec: peerPython, dbusInterfaces: ["org.kde.KWin.ScreenShot2"] }
  ]
})
const env: NodeJS.ProcessEnv = { PATH: process.env["PATH"], HOME: process.env["HOME"], AGENT_DESKTOP_HOME: fs.mkdtempSync(path.join(work, "home-")), ...desktop.env }
const host = await startWarmHost(bin, env, env["AGENT_DESKTOP_HOME"]!)

const call = (argv: ReadonlyArray<string>): Record<string, any> => {
  const result = spawnSync(launcher, [...argv], { env, encoding: "utf8", timeout: 30_000 })
  const envelope = JSON.parse(result.stdout) as Record<string, any>
  if (envelope["ok"] !== true) throw new Error(`${argv.join(" ")}: ${result.stdout.slice(0, 600)}`)
  return envelope["data"]
}
/** A widget's rectangle through libatspi: global for the fullscreen fixture. */
const rectOf = (role: string, name: string) => {
  const result = spawnSync(systemPython, [probePath(), "extents", "geometry3", role, name], { env, encoding: "utf8" })
  const [x, y, width, height] = (JSON.parse(result.stdout) as { node: { window: Array<number> } }).node.window as [number, number, number, number]
  return { x, y, width, height }
}

try {
  // The peer captures the same area as `screenshot FILE`: the whole screen.
  const { width, height } = call(["screenshot", path.join(work, "size.png")]) as { width: number; height: number }
  const kwinCapture = () =>
    spawnSync(peerPython, [kwinShot, "0", "0", String(width), String(height), path.join(work, "kwin.bgra")], { env, encoding: "utf8", timeout: 20_000 })
  const first = kwinCapture()
  if (first.status !== 0) throw new Error(`kwin_screenshot.py exited ${first.status}: ${first.stderr.slice(0, 600)}`)
  const entry = rectOf("text", "Typing")
  call(["--headed", "mouse-click", "--xy", `${entry.x + Math.round(entry.width / 2)},${entry.y + Math.round(entry.height / 2)}`])
  const check = rectOf("check box", "Target")
  const background = `${check.x + check.width + 40},${check.y + Math.round(check.height / 2)}`
  const clipText = "kwin bench clipboard"
  call(["clipboard-set", clipText])
  const commands: ReadonlyArray<{ name: string; argv: ReadonlyArray<string> }> = [
    { name: "status", argv: ["status"] },
    { name: "--headed press --app geometry3 a", argv: ["--headed", "press", "--app", "geometry3", "a"] },
    { name: "--headed mouse-click --xy (background)", argv: ["--headed", "mouse-click", "--xy", background] },
    { name: "screenshot FILE", argv: ["screenshot", path.join(work, "ours.png")] },
    { name: "list-windows", argv: ["list-windows"] },
    { name: "focus-window --app geometry3", argv: ["focus-window", "--app", "geometry3"] },
    { name: "snapshot --app geometry3 -i --include-bounds", argv: ["snapshot", "--app", "geometry3", "-i", "--include-bounds"] },
    { name: "clipboard-get", argv: ["clipboard-get"] }
  ]
  const samples = new Map<string, Array<number>>()
  const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms])
  const load = loadAddon()
  if (load._tag !== "Loaded") throw new Error(load.reason)
  const inProcess = new WaylandSession(load.addon, desktop.env.WAYLAND_DISPLAY)
  if (inProcess.info.protocols.kde_fake_input === null) throw new Error("KWin did not grant the bench's Node fake input")
  load.addon.fakeInputAuthenticate("agent-desktop bench", "in-process comparison")
  const { helper, fakeInput } = await KwinHelper.start(kwinHelperPath(), env)
  if (fakeInput === 0) throw new Error("KWin did not grant the helper fake input")
  const shift = load.addon.seatKeymapLookup(load.addon.keysymFromName("Shift_L"))!.keycode - 8
  const bus = /unix:path=([^,;]+)/.exec(desktop.env.DBUS_SESSION_BUS_ADDRESS)![1]!
  const timed = async (name: string, f: () => unknown) => {
    const started = process.hrtime.bigint()
    await f()
    record(name, Number(process.hrtime.bigint() - started) / 1e6)
  }
  for (let run = 0; run < runs; run++) {
    for (const command of commands) {
      const started = process.hrtime.bigint()
      const data = call(command.argv)
      record(command.name, Number(process.hrtime.bigint() - started) / 1e6)
      if (command.name === "clipboard-get" && data["text"] !== clipText) throw new Error(`clipboard-get read ${JSON.stringify(data)}`)
    }
    let started = process.hrtime.bigint()
    const shot = kwinCapture()
    record("kwin", Number(process.hrtime.bigint() - started) / 1e6)
    if (shot.status !== 0) throw new Error(`kwin_screenshot.py exited ${shot.status}: ${shot.stderr.slice(0, 600)}`)
    // A Shift tap changes no text in the focused entry; each route ends with a round trip to KWin.
    await timed("in-process key", () => {
      load.addon.fakeKey(shift, true)
      load.addon.fakeKey(shift, false)
      load.addon.sync()
    })
    await timed("helper key", () => helper.send([`k${shift},1`, `k${shift},0`]))
    await timed("in-process shot", () => load.addon.kwinScreenshotArea(bus, false, 0, 0, width, height))
    await timed("helper shot", () => helper.screenshot({ path: bus, abstract: false }, 0, 0, width, height))
    started = process.hrtime.bigint()
    const pasted = spawnSync("wl-paste", ["--no-newline"], { env, encoding: "utf8", timeout: 10_000 })
    record("wl-paste", Number(process.hrtime.bigint() - started) / 1e6)
    if (pasted.status !== 0 || pasted.stdout !== clipText) throw new Error(`wl-paste exited ${pasted.status} with '${pasted.stdout}'`)
  }
  // The effects, through the fixture's own log: every key reached the entry, no background click toggled the box.
  await sleep(500)
  const log = fs.readFileSync(desktop.apps.find((a) => a.name === "geometry3")!.logPath, "utf8").split("\n")
  const typed = log.filter((line) => line.startsWith("changed ")).at(-1)
  if (typed !== `changed ${"a".repeat(runs)}` || log.some((line) => line.startsWith("toggled "))) {
    throw new Error(`the fixture's log: last '${typed}', ${log.filter((line) => line.startsWith("toggled ")).length} toggles`)
  }
  const of = (key: string) => median(samples.get(key) ?? [])
  const ratio = (key: string, peer: string) => `${(of(key) / of(peer)).toFixed(2)}x`
  const lines = [
    `runs ${runs}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    "| command (warm host, native client) | KDE median ms | / KWin's ScreenShot2 | / wl-paste |",
    "|---|---:|---:|---:|",
    ...commands.map((c) => `| \`${c.name}\` | ${of(c.name).toFixed(1)} | ${ratio(c.name, "kwin")} | ${c.name === "clipboard-get" ? ratio(c.name, "wl-paste") : ""} |`),
    `| org.kde.KWin.ScreenShot2 CaptureArea, whole screen (KWin's own, through kwin_screenshot.py) | ${of("kwin").toFixed(1)} | 1.00x | |`,
    `| \`wl-paste --no-newline\` | ${of("wl-paste").toFixed(1)} | ${ratio("wl-paste", "kwin")} | 1.00x |`,
    "",
    "| route (this process, warm) | median ms | / in-process |",
    "|---|---:|---:|",
    `| fake input Shift tap + round trip, in-process addon (Node authorized) | ${of("in-process key").toFixed(2)} | 1.00x |`,
    `| the same through agent-desktop-kwin (one pipe round trip more) | ${of("helper key").toFixed(2)} | ${ratio("helper key", "in-process key")} |`,
    `| ScreenShot2 whole screen to PNG, in-process addon | ${of("in-process shot").toFixed(1)} | 1.00x |`,
    `| the same through agent-desktop-kwin (PNG over the pipe) | ${of("helper shot").toFixed(1)} | ${ratio("helper shot", "in-process shot")} |`
  ]
  helper.close()
  inProcess.close()
  process.stdout.write(lines.join("\n") + "\n")
} finally {
  await stopWarmHost(host)
  await desktop.stop()
  fs.rmSync(work, { recursive: true, force: true })
}
