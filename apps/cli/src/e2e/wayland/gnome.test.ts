/**
 * The GNOME backend on headless gnome-shell, one warm host serving every call through the installed command: keys
 * through mutter's RemoteDesktop, the pointer (click, move, drag, wheel) through the same session's ScreenCast streams
 * over the session's PipeWire, screenshots from the same streams' frames, the rest refused with the reason. GNOME Shell tells an ordinary client nowhere a window
 * is, so the pointer tests use the geometry fixture fullscreen (its AT-SPI extents, window-relative on Wayland, are
 * then global). Every effect is read back through another channel: the fixtures' own log and control socket, and
 * libatspi (atspi_probe.py), GNOME Shell's own screenshot (gnome_shell_screenshot.py), never our client.
 */
import { controlFixture, DbusClient, fixtureControlPath, geometryFixture, probePath, qtApp, startGnomeShell, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { hostEnv, tempHome } from "../../test/binary.js"
import { atspiWith, type Bounds, centre, cliWith, type Node, nodes, sleep, stopHostAndDesktop, waitFor } from "./waylandSuite.js"
import { startServe } from "../../test/warmHost.js"


let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess
const home = tempHome("gnome")

beforeAll(async () => {
  desktop = await startGnomeShell({ apps: ["fixture"], timeoutMs: 90_000 })
  // Started second, so mutter gives it the focus and it covers the monitor.
  await desktop.launch(geometryFixture(3, { fullscreen: true }), 60_000)
  env = { ...hostEnv(home), ...desktop.env }
  host = (await startServe(env)).process
}, 150_000)

afterAll(() => stopHostAndDesktop(host, desktop), 60_000)

const { cli, ok } = cliWith(() => env)

/** libatspi's view, never our client. */
const atspi = atspiWith(() => env)
/** A widget's rectangle as libatspi reads it: window-relative on Wayland, global for the fullscreen fixture. */
const rectOf = (role: string, name: string, app = "geometry3"): Bounds => {
  const [x, y, width, height] = atspi("extents", app, role, name)["node"]["window"] as [number, number, number, number]
  return { x, y, width, height }
}
const logOf = (app = "geometry3") => readFileSync(`${desktop.stateDir}/logs/app-${app}.log`, "utf8").split("\n").filter(Boolean)
const checked = (app = "geometry3") => (atspi("read", app, "check box", "Target")["states"] as Array<string>).includes("checked")
const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""

/** Closes and reopens the overview: the shell then focuses its topmost window (no API focuses a given one). */
const overviewRoundTrip = async () => {
  const bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
  try {
    for (const shown of [true, false]) {
      await bus.call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv", body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] }, 15_000)
      await sleep(600)
    }
  } finally {
    bus.close()
  }
}

describe("agent-desktop on headless gnome-shell (GNOME backend, one warm host)", () => {
  it("status names the GNOME backend: keys and pointer through mutter's RemoteDesktop + ScreenCast, capture from the stream, windows unavailable with the reason", () => {
    const server = ok("status")["probes"]["display_server"]
    assert.strictEqual(server["backend"], "gnome")
    assert.strictEqual(server["channels"]["keyboard"]["state"], "available")
    assert.match(server["channels"]["keyboard"]["via"], /org\.gnome\.Mutter\.RemoteDesktop/)
    assert.strictEqual(server["channels"]["pointer"]["state"], "available")
    assert.match(server["channels"]["pointer"]["via"], /ScreenCast/)
    assert.match(server["channels"]["capture"]["via"], /PipeWire/)
    assert.deepInclude(server["channels"]["windows"], { state: "unavailable", kind: "no_window_geometry" })
  })

  it("mouse-click --xy: 8 px beside the check box does nothing, its centre toggles it (libatspi and the app's log)", async () => {
    await overviewRoundTrip()
    const box = rectOf("check box", "Target")
    const before = checked()
    const beside = ok("--headed", "mouse-click", "--xy", `${box.x + box.width + 8},${Math.round(box.y + box.height / 2)}`)
    assert.strictEqual(beside["steps"][0]["label"], "org.gnome.Mutter.RemoteDesktop.NotifyPointerButton")
    await sleep(300)
    assert.strictEqual(checked(), before, "8 px right of the check box is the window's background")
    const { x, y } = centre(box)
    ok("--headed", "mouse-click", "--xy", `${x},${y}`)
    assert.isTrue(await waitFor(() => checked() !== before), "the click on the check box's centre toggled it")
    assert.include(logOf(), `toggled ${before ? "False" : "True"}`)
  }, 60_000)

  it("double click, hover, drag and wheel by point reach the fixture (its own log)", async () => {
    const presses = () => logOf().filter((line) => line.startsWith("pressed ")).length
    const before = presses()
    const press = centre(rectOf("push button", "Press"))
    ok("--headed", "mouse-click", "--xy", `${press.x},${press.y}`, "--count", "2")
    assert.isTrue(await waitFor(() => presses() === before + 2), `${presses()} presses after ${before}`)
    ok("--headed", "mouse-move", "--xy", "1270,1010")
    const hovers = logOf().filter((line) => line === "hovered Press").length
    ok("--headed", "mouse-move", "--xy", `${press.x},${press.y}`)
    assert.isTrue(await waitFor(() => logOf().filter((line) => line === "hovered Press").length > hovers), "the move entered the button")
    const level = () => Number(logOf().filter((line) => line.startsWith("level ")).at(-1)?.slice(6) ?? "0")
    const scale = rectOf("slider", "Level")
    const mid = Math.round(scale.y + scale.height / 2)
    ok("--headed", "drag", "--from-xy", `${scale.x + 4},${mid}`, "--to-xy", `${scale.x + Math.round(scale.width * 0.75)},${mid}`, "--drop-delay", "50")
    assert.isTrue(await waitFor(() => level() >= 50), `the drag moved the scale to ${level()}`)
    const dragged = level()
    ok("--headed", "mouse-wheel", "--x", String(centre(scale).x), "--y", String(mid), "--dy", "-3")
    assert.isTrue(await waitFor(() => level() !== dragged), "the wheel moved the scale")
  }, 60_000)

  it("a point on no monitor is refused before anything is sent", () => {
    const click = cli("--headed", "mouse-click", "--xy", "5000,10")
    assert.isFalse(click["ok"])
    assert.match(click["error"]["message"], /off every screen/)
    assert.deepStrictEqual(click["error"]["steps"] ?? [], [])
  })

  it("press --headed --app: keys and modifiers reach the active window's entry (the fixture's own log)", async () => {
    const typing = centre(rectOf("text", "Typing"))
    ok("--headed", "mouse-click", "--xy", `${typing.x},${typing.y}`)
    for (const key of ["x", "ctrl+a", "BackSpace", "shift+h", "i"]) {
      const pressed = ok("--headed", "press", "--app", "geometry3", key)
      assert.match(pressed["steps"].at(-1)["label"], /^org\.gnome\.Mutter\.RemoteDesktop/)
    }
    assert.isTrue(await waitFor(() => logOf().at(-1) === "changed Hi"), logOf().slice(-3).join(" | "))
    assert.strictEqual(await entryText(), "", "the other fixture got none of it")
  }, 60_000)

  it("press --headed --app for an app whose window is not the active one: refused, no key sent (GNOME lets no client focus it)", async () => {
    // libatspi: the fixture's window is not ACTIVE, the geometry fixture's is.
    const windows = (app: string) => atspi("windows", app)["windows"] as Array<{ states: Array<string> }>
    assert.isFalse(windows("fixture").some((w) => w.states.includes("active")), JSON.stringify(windows("fixture")))
    assert.isTrue(windows("geometry3").some((w) => w.states.includes("active")), JSON.stringify(windows("geometry3")))
    const lines = logOf().length
    const refused = cli("--headed", "press", "--app", "fixture", "z")
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["code"], "ACTION_FAILED", JSON.stringify(refused["error"]))
    assert.strictEqual(refused["error"]["details"]["kind"], "window_not_active")
    assert.strictEqual(refused["error"]["disposition"]["delivery"], "not_delivered")
    await sleep(300)
    assert.strictEqual(await entryText(), "", "the fixture got no key")
    assert.strictEqual(logOf().length, lines, "nor did the active window")
    const typed = cli("--headed", "press", "--app", "fixture", "--text", "zz")
    assert.strictEqual(typed["error"]?.["details"]?.["kind"], "window_not_active")
  }, 60_000)

  it("--include-bounds: no bounds rather than window-relative ones (the Shell tells no window's place); pointer actions by ref refuse with the reason", () => {
    const all = nodes(ok("snapshot", "--app", "fixture", "-i", "--include-bounds")["tree"])
    assert.isAbove(all.length, 5)
    assert.isTrue(all.every((n) => n.bounds === undefined || n.bounds === null), JSON.stringify(all.filter((n) => n.bounds).slice(0, 3)))
    const check = all.find((n) => n.role === "checkbox")!
    const byRef = cli("--headed", "double-click", check.ref_id!)
    assert.isFalse(byRef["ok"])
    assert.deepInclude(byRef["error"], { code: "PLATFORM_NOT_SUPPORTED", details: { kind: "no_window_geometry" } })
    assert.strictEqual(byRef["error"]["disposition"]["delivery"], "not_delivered")
  }, 60_000)

  it("GTK 4 (started last: on top and active): a click toggles its check box, a drag moves its scale, keys reach its entry", async () => {
    await desktop.launch(geometryFixture(4, { fullscreen: true }), 60_000)
    await overviewRoundTrip()
    const box = rectOf("check box", "Target", "geometry4")
    const before = checked("geometry4")
    ok("--headed", "mouse-click", "--xy", `${centre(box).x},${centre(box).y}`)
    assert.isTrue(await waitFor(() => checked("geometry4") !== before), "the click toggled GTK 4's check box")
    assert.include(logOf("geometry4"), `toggled ${before ? "False" : "True"}`)
    const level = () => Number(logOf("geometry4").filter((line) => line.startsWith("level ")).at(-1)?.slice(6) ?? "0")
    const scale = rectOf("slider", "Level", "geometry4")
    const mid = Math.round(scale.y + scale.height / 2)
    ok("--headed", "drag", "--from-xy", `${scale.x + 4},${mid}`, "--to-xy", `${scale.x + Math.round(scale.width * 0.75)},${mid}`, "--drop-delay", "50")
    assert.isTrue(await waitFor(() => level() >= 50), `the drag moved GTK 4's scale to ${level()}`)
    const typing = rectOf("text", "Typing", "geometry4")
    ok("--headed", "mouse-click", "--xy", `${centre(typing).x},${centre(typing).y}`)
    for (const key of ["o", "k"]) ok("--headed", "press", "--app", "geometry4", key)
    assert.isTrue(await waitFor(() => logOf("geometry4").at(-1) === "changed ok"), logOf("geometry4").slice(-3).join(" | "))
    // The GTK 3 fixture below it is no longer the active window: its keys are refused now.
    assert.strictEqual(cli("--headed", "press", "--app", "geometry3", "z")["error"]?.["details"]?.["kind"], "window_not_active")
  }, 90_000)

  it("Qt 5 (started last: active): press --app types into its focused spin box (libatspi reads the value)", async () => {
    await desktop.launch(qtApp("sliders"), 60_000)
    await overviewRoundTrip()
    const spin = nodes(ok("snapshot", "--app", "sliders", "-i")["tree"]).find((n) => n.role === "incrementor")
    assert.isDefined(spin)
    ok("focus", spin!.ref_id!)
    for (const key of ["ctrl+a", "1", "2"]) ok("--headed", "press", "--app", "sliders", key)
    const value = () => Number(atspi("read", "sliders", "spin button", "Controls")["value"])
    assert.isTrue(await waitFor(() => value() === 12), JSON.stringify(atspi("read", "sliders", "spin button", "Controls")))
    // GTK 4.8 answers GrabFocus on its window with NotSupported; the refusal still names the inactive window.
    const refused = cli("--headed", "press", "--app", "geometry4", "z")
    assert.strictEqual(refused["error"]?.["details"]?.["kind"], "window_not_active", JSON.stringify(refused))
    assert.strictEqual(refused["error"]["disposition"]["delivery"], "not_delivered")
    await sleep(300)
    assert.strictEqual(value(), 12, "the Qt spin box got no key either")
  }, 90_000)

  it("screenshot: the ScreenCast stream's frame (PipeWire), pixel for pixel what GNOME Shell's own screenshot captures", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ad-gnome-shot-"))
    await overviewRoundTrip()
    const theirs = join(dir, "shell.png")
    const shellShot = () => {
      const shell = spawnSync(systemPython, [join(dirname(probePath()), "gnome_shell_screenshot.py"), theirs], { env, encoding: "utf8", timeout: 20_000 })
      assert.strictEqual(shell.status, 0, shell.stdout + shell.stderr)
    }
    // The entry's caret blinks between two captures: a handful of pixels may differ, not the picture.
    const differing = (a: string, b: string) => Number(spawnSync("compare", ["-metric", "AE", a, b, "null:"], { encoding: "utf8" }).stderr.trim().split(" ")[0])
    // The shell's start-up notification banner ("Logged in as a privileged user") may leave between the two
    // captures: a pair is taken again until the screen held still (three tries).
    const samePicture = (argv: ReadonlyArray<string>, ours: string, expected: Record<string, unknown>) => {
      let difference = Number.POSITIVE_INFINITY
      for (let attempt = 0; attempt < 3 && difference >= 200; attempt++) {
        assert.deepInclude(ok("screenshot", ...argv, ours), expected)
        shellShot()
        difference = differing(ours, theirs)
      }
      assert.isBelow(difference, 200, `${ours} against ${theirs}`)
    }
    const ours = join(dir, "ours.png")
    samePicture([], ours, { path: ours, format: "png", width: 1280, height: 1024, scale_factor: 1 })
    samePicture(["--screen", "0"], join(dir, "screen.png"), { width: 1280, height: 1024 })
    // Where a window is cannot be known on GNOME: a window's screenshot refuses, saying why.
    const window = cli("screenshot", "--app", "geometry3", join(dir, "window.png"))
    assert.isFalse(window["ok"])
    assert.strictEqual(window["error"]["code"], "PLATFORM_NOT_SUPPORTED", JSON.stringify(window["error"]))
  }, 60_000)
})
