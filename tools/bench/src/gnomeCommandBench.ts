/**
 * The GNOME backend's commands on headless gnome-shell against the Shell's own tool in the same run: a GNOME session
 * (PipeWire + WirePlumber) with the GTK 3 geometry fixture fullscreen (its entry focused by a click) and a warm host
 * (`agent-desktop serve`), every call through the installed command (native client). The peer is GNOME Shell's own
 * screenshot (`org.gnome.Shell.Screenshot` through tools/desktop's `gnome_shell_screenshot.py`, a Python process per
 * call as any script of the user would run it).
 *
 *   node tools/bench/dist/gnomeCommandBench.js [--runs N] [--bin path/to/agent-desktop.js]
 */
import { DbusClient, geometryFixture, probePath, startGnomeShell, systemPython } from "@agent-desktop/desktop"
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
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-gnome-cmd-bench-"))

const desktop = await startGnomeShell({ apps: [geometryFixture(3, { fullscreen: true })], timeoutMs: 90_000 })
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
  // A window mapped after the shell left its start-up overview has no focus; the overview's round trip gives the
  // topmost window the focus (no API focuses a given one on GNOME).
  const bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
  for (const shown of [true, false]) {
    await bus.call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv", body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] }, 15_000)
    await new Promise((resolve) => setTimeout(resolve, 600))
  }
  bus.close()
  const entry = rectOf("text", "Typing")
  call(["--headed", "mouse-click", "--xy", `${entry.x + Math.round(entry.width / 2)},${entry.y + Math.round(entry.height / 2)}`])
  const check = rectOf("check box", "Target")
  const background = `${check.x + check.width + 40},${check.y + Math.round(check.height / 2)}`
  const commands: ReadonlyArray<{ name: string; argv: ReadonlyArray<string> }> = [
    { name: "status", argv: ["status"] },
    { name: "--headed press --app geometry3 a", argv: ["--headed", "press", "--app", "geometry3", "a"] },
    { name: "--headed mouse-click --xy (background)", argv: ["--headed", "mouse-click", "--xy", background] },
    { name: "screenshot FILE", argv: ["screenshot", path.join(work, "ours.png")] },
    // mutter's RemoteDesktop clipboard: set starts the detached owner, get reads from it (another session).
    { name: "clipboard-set TEXT", argv: ["clipboard-set", "bench text"] },
    { name: "clipboard-get", argv: ["clipboard-get"] }
  ]
  // One-shot screenshots through each route: mutter's ScreenCast (taken first wherever it can work) and the Screenshot
  // portal (granted "yes" once; taken where ScreenCast cannot work, which the client concludes from a runtime directory
  // without PipeWire's socket: an empty one stands for a session without PipeWire).
  const grant = (answer: "yes" | "no") => {
    const result = spawnSync("gdbus", ["call", "--session", "--dest", "org.freedesktop.impl.portal.PermissionStore", "--object-path", "/org/freedesktop/impl/portal/PermissionStore",
      "--method", "org.freedesktop.impl.portal.PermissionStore.SetPermission", "screenshot", "true", "screenshot", "", `['${answer}']`], { env, stdio: "ignore" })
    if (result.status !== 0) throw new Error("the permission store did not take the screenshot permission (xdg-desktop-portal installed?)")
  }
  const noPipewire = fs.mkdtempSync(path.join(work, "runtime-"))
  const oneShot = "screenshot FILE, no warm host"
  const shellShot = [systemPython, path.join(path.dirname(probePath()), "gnome_shell_screenshot.py"), path.join(work, "shell.png")]
  const samples = new Map<string, Array<number>>()
  const record = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms])
  for (let run = 0; run < runs; run++) {
    for (const command of commands) {
      const started = process.hrtime.bigint()
      call(command.argv)
      record(command.name, Number(process.hrtime.bigint() - started) / 1e6)
    }
    grant("yes")
    {
      const started = process.hrtime.bigint()
      const result = spawnSync(launcher, ["screenshot", path.join(work, "portal.png")], { env: { ...env, AGENT_DESKTOP_HOST: "off", XDG_RUNTIME_DIR: noPipewire }, encoding: "utf8", timeout: 30_000 })
      if (!result.stdout.includes('"ok":true')) throw new Error(result.stdout.slice(0, 600))
      record(`${oneShot} (portal)`, Number(process.hrtime.bigint() - started) / 1e6)
    }
    grant("no")
    {
      const started = process.hrtime.bigint()
      const result = spawnSync(launcher, ["screenshot", path.join(work, "cast.png")], { env: { ...env, AGENT_DESKTOP_HOST: "off" }, encoding: "utf8", timeout: 30_000 })
      if (!result.stdout.includes('"ok":true')) throw new Error(result.stdout.slice(0, 600))
      record(`${oneShot} (ScreenCast)`, Number(process.hrtime.bigint() - started) / 1e6)
    }
    const started = process.hrtime.bigint()
    const result = spawnSync(shellShot[0]!, shellShot.slice(1), { env, stdio: "ignore" })
    if (result.status !== 0) throw new Error(`gnome_shell_screenshot.py exited ${result.status}`)
    record("shell", Number(process.hrtime.bigint() - started) / 1e6)
  }
  const read = call(["clipboard-get"])
  if (read["text"] !== "bench text") throw new Error(`clipboard-get read ${JSON.stringify(read)} after clipboard-set "bench text"`)
  const of = (key: string) => median(samples.get(key) ?? [])
  const lines = [
    `runs ${runs}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    "| command (warm host, native client) | GNOME median ms | / Shell's screenshot |",
    "|---|---:|---:|",
    ...[...commands.map((c) => c.name), `${oneShot} (ScreenCast)`, `${oneShot} (portal)`].map((name) => `| \`${name}\` | ${of(name).toFixed(1)} | ${(of(name) / of("shell")).toFixed(2)}x |`),
    `| org.gnome.Shell.Screenshot FILE (the Shell's own, through gnome_shell_screenshot.py) | ${of("shell").toFixed(1)} | 1.00x |`
  ]
  process.stdout.write(lines.join("\n") + "\n")
} finally {
  await stopWarmHost(host)
  await desktop.stop()
}
