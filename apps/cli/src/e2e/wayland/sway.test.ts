/**
 * The command surface on headless sway (the wlroots backend), every call answered by one warm host through the
 * installed command: keys with --headed, pointer click/move/drag/scroll by point and by ref, screenshots,
 * list-windows, focus/move/resize-window and --include-bounds, on GTK 3 and GTK 4 (the geometry fixture), Qt 5
 * (the sliders example) and a GTK 3 app on XWayland inside the same session. Every effect is read back through
 * another channel: the apps' own logs, libatspi (atspi_probe.py), sway's own client (swaymsg), the compositor's own
 * screenshot tool (grim), the X server (xwininfo) for the XWayland window.
 */
import { geometryFixture, qtApp, socketClientPids, startSway, xwaylandGeometryFixture, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { hostEnv, tempHome } from "../../test/binary.js"
import { atspiWith, type Bounds, centre, cliWith, type Node, nodes, sleep, stopHostAndDesktop, waitFor } from "./waylandSuite.js"
import { hostFamily, startServe } from "../../test/warmHost.js"

interface SwayView { id: number; pid: number; name: string; shell: string; frame: Bounds; focused: boolean; floating: boolean }

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess
const home = tempHome("sway")

beforeAll(async () => {
  desktop = await startSway({
    xwayland: true,
    apps: [geometryFixture(3), geometryFixture(4), qtApp("sliders"), xwaylandGeometryFixture(3)],
    timeoutMs: 90_000
  })
  env = { ...hostEnv(home), ...desktop.env }
  host = (await startServe(env)).process
}, 120_000)

afterAll(() => stopHostAndDesktop(host, desktop), 60_000)

const { cli, ok } = cliWith(() => env)

/** libatspi's view, never our client. */
const atspi = atspiWith(() => env)

/** sway's own client's view of its windows: frame = the container with its title bar. */
const swayViews = (): Array<SwayView> => {
  const tree = JSON.parse(execFileSync("swaymsg", ["-s", env["SWAYSOCK"]!, "-r", "-t", "get_tree"], { encoding: "utf8" }))
  const out: Array<SwayView> = []
  const walk = (n: any, floating: boolean) => {
    if (n.pid !== undefined && (n.type === "con" || n.type === "floating_con")) {
      const deco = n.deco_rect?.height ?? 0
      out.push({ id: n.id, pid: n.pid, name: n.name, shell: n.shell, focused: n.focused, floating,
        frame: { x: n.rect.x, y: n.rect.y - deco, width: n.rect.width, height: n.rect.height + deco } })
    }
    for (const c of n.nodes ?? []) walk(c, floating)
    for (const c of n.floating_nodes ?? []) walk(c, true)
  }
  walk(tree, false)
  return out
}

const appOf = (name: string) => desktop.apps.find((a) => a.name === name)!
const viewOf = (app: string) => swayViews().find((v) => v.pid === appOf(app).pid)!
const logOf = (app: string) => readFileSync(appOf(app).logPath, "utf8").split("\n").filter(Boolean)

/** Floats the app's window at (x, y) through the CLI (focus-window, move-window), as sway reads it back. */
const placeAt = async (app: string, x: number, y: number) => {
  ok("focus-window", "--app", app)
  const moved = ok("move-window", "--app", app, "--x", String(x), "--y", String(y))
  // Already there (an earlier test placed it): nothing is sent.
  assert.include(["delivered_verified", "not_delivered"], moved["disposition"]["delivery"])
  assert.isTrue(await waitFor(() => viewOf(app).frame.x === x && viewOf(app).frame.y === y && viewOf(app).focused), JSON.stringify(viewOf(app)))
  // Let the app draw at its new place before its extents are read.
  await sleep(200)
}

const snapshotOf = (app: string) => {
  const data = ok("snapshot", "--app", app, "-i", "--include-bounds", "--timeout-ms", "10000")
  return nodes(data["tree"])
}
const find = (all: Array<Node>, role: string, name: string): Node => {
  const node = all.find((n) => n.role === role && n.name === name)
  assert.isDefined(node, `no ${role} '${name}' in ${JSON.stringify(all.map((n) => [n.role, n.name]))}`)
  return node!
}
const checked = (app: string, name: string) => (atspi("read", app, "check box", name)["states"] as Array<string>).includes("checked")

const TOOLKITS = [
  { kit: "GTK 3", app: "geometry3", check: "Target", at: [40, 40] },
  { kit: "GTK 4", app: "geometry4", check: "Target", at: [500, 60] },
  { kit: "Qt 5", app: "sliders", check: "Inverted appearance", at: [60, 80] },
  { kit: "GTK 3 on XWayland", app: "geometry3-x11", check: "Target", at: [520, 300] }
] as const

describe("agent-desktop on headless sway (wlroots backend, one warm host)", () => {
  it("status names the wlroots backend and what each channel uses; permissions need no grant on sway", () => {
    const status = ok("status")
    const server = status["probes"]["display_server"]
    assert.strictEqual(server["backend"], "wlroots")
    for (const channel of ["pointer", "keyboard", "capture", "windows", "displays"]) assert.strictEqual(server["channels"][channel]["state"], "available", channel)
    assert.match(server["channels"]["keyboard"]["via"], /zwp_virtual_keyboard_v1/)
    assert.match(server["channels"]["clipboard"]["via"], /zwlr_data_control_manager_v1/)
    assert.deepStrictEqual(ok("permissions"), { accessibility: { state: "granted" }, screen_recording: { state: "not_required" }, automation: { state: "not_required" } })
  })

  for (const { kit, app, check, at } of TOOLKITS) {
    it(`${kit}: --include-bounds is where the pointer lands (libatspi reads the check box: 8 px outside does nothing, the centre toggles)`, async () => {
      await placeAt(app, at[0], at[1])
      const box = find(snapshotOf(app), "checkbox", check).bounds!
      assert.isDefined(box)
      // The window's frame as sway has it contains the widget: the bounds are global, not window-relative.
      const frame = viewOf(app).frame
      assert.isTrue(box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width, `${JSON.stringify(box)} in ${JSON.stringify(frame)}`)
      const before = checked(app, check)
      // Right of it: every fixture has background there (left of Qt's check box is a spin box's arrow).
      ok("--headed", "mouse-click", "--xy", `${box.x + box.width + 8},${Math.round(box.y + box.height / 2)}`)
      await sleep(300)
      assert.strictEqual(checked(app, check), before, "8 px right of the check box is the window's background")
      const { x, y } = centre(box)
      const clicked = ok("--headed", "mouse-click", "--xy", `${x},${y}`)
      assert.strictEqual(clicked["steps"][0]["label"], "zwlr_virtual_pointer_v1.button")
      assert.isTrue(await waitFor(() => checked(app, check) !== before), "the click on the bounds' centre toggled it")
      if (app.startsWith("geometry")) assert.include(logOf(app), `toggled ${before ? "False" : "True"}`)
    }, 60_000)
  }

  for (const { kit, app } of TOOLKITS.filter((t) => t.app.startsWith("geometry"))) {
    it(`${kit}: pointer actions by ref (double-click, hover) and by point (drag, wheel), read back in the app's log`, async () => {
      const all = snapshotOf(app)
      const presses = () => logOf(app).filter((line) => line.startsWith("pressed ")).length
      const before = presses()
      const press = find(all, "button", "Press")
      const doubled = ok("--headed", "double-click", press.ref_id!)
      assert.deepInclude(doubled["details"]["actionability"]["checks"], { check: "topmost_window", status: "pass" })
      assert.isTrue(await waitFor(() => presses() === before + 2), `${presses()} presses after ${before} ${JSON.stringify(doubled)} ${JSON.stringify(press)} ${JSON.stringify(swayViews())} ${logOf(app).join("|")}`)
      ok("--headed", "mouse-move", "--xy", "5,1015")
      const hovers = logOf(app).filter((line) => line === "hovered Press").length
      const moved = ok("--headed", "mouse-move", "--xy", `${centre(press.bounds!).x},${centre(press.bounds!).y}`)
      assert.notProperty(moved["steps"][0], "verified", "a Wayland client cannot read the pointer back")
      assert.isTrue(await waitFor(() => logOf(app).filter((line) => line === "hovered Press").length > hovers))
      const level = () => Number(logOf(app).filter((line) => line.startsWith("level ")).at(-1)?.slice(6) ?? "0")
      const scale = find(all, "slider", "Level").bounds!
      const mid = Math.round(scale.y + scale.height / 2)
      ok("--headed", "drag", "--from-xy", `${scale.x + 4},${mid}`, "--to-xy", `${scale.x + Math.round(scale.width * 0.75)},${mid}`, "--drop-delay", "50")
      assert.isTrue(await waitFor(() => level() >= 50), `the drag moved the scale to ${level()}`)
      const dragged = level()
      ok("--headed", "mouse-wheel", "--x", String(centre(scale).x), "--y", String(mid), "--dy", "-3")
      assert.isTrue(await waitFor(() => level() !== dragged), "the wheel moved the scale")
    }, 60_000)
  }

  it("Qt 5: drag and scroll by ref move its scroll bar (libatspi reads the value)", async () => {
    await placeAt("sliders", 60, 80)
    // Its two horizontal sliders are twins to AT-SPI (same role and name); the scroll bar beside them is not, and the
    // example keeps all three on one value.
    const value = () => Number(atspi("read", "sliders", "scroll bar", "Horizontal")["value"])
    const slider = find(snapshotOf("sliders"), "scrollbar", "Horizontal")
    const before = value()
    ok("--headed", "scroll", slider.ref_id!, "--direction", "up", "--amount", "3")
    assert.isTrue(await waitFor(() => value() !== before), `scroll left the value at ${value()}`)
    // The drag must grab the handle, which sits wherever the value puts it: set the value to the middle of the range
    // (0-20, the example's spin boxes) through AT-SPI, so the handle is at the centre whichever way it is drawn.
    ok("set-value", slider.ref_id!, "10")
    assert.isTrue(await waitFor(() => value() === 10), `set-value left ${value()}`)
    const box = slider.bounds!
    // Drag to the maximum's end: the left one since the test above turned "Inverted appearance" on.
    const maxEnd = checked("sliders", "Inverted appearance") ? box.x + 2 : box.x + box.width - 2
    ok("--headed", "drag", "--from", slider.ref_id!, "--to-xy", `${maxEnd},${centre(box).y}`, "--drop-delay", "50")
    assert.isTrue(await waitFor(() => value() > 10), `the drag left the value at ${value()}`)
  }, 60_000)

  it("press --headed: keys reach GTK 3, GTK 4, Qt 5 and the XWayland app, modifiers included", async () => {
    for (const app of ["geometry3", "geometry4", "geometry3-x11"]) {
      // GTK 4.8 answers GrabFocus with NotSupported: the entry gets the focus as a user gives it, by a click.
      await placeAt(app, 300, 200)
      const entry = find(snapshotOf(app), "textfield", "Typing")
      ok("--headed", "mouse-click", "--xy", `${centre(entry.bounds!).x},${centre(entry.bounds!).y}`)
      for (const key of ["x", "ctrl+a", "backspace", "shift+h", "i"]) {
        const pressed = ok("--headed", "press", "--app", app, key)
        assert.match(pressed["steps"].at(-1)["label"], /^zwp_virtual_keyboard_v1/)
      }
      assert.isTrue(await waitFor(() => logOf(app).at(-1) === "changed Hi"), `${app}: ${logOf(app).slice(-3).join(" | ")}`)
    }
    // Qt 5: a spin box's text, read by libatspi.
    await placeAt("sliders", 60, 80)
    const spin = snapshotOf("sliders").find((n) => n.role === "incrementor")!
    ok("--headed", "mouse-click", "--xy", `${centre(spin.bounds!).x - 10},${centre(spin.bounds!).y}`)
    for (const key of ["ctrl+a", "1", "2"]) ok("--headed", "press", "--app", "sliders", key)
    assert.isTrue(await waitFor(() => Number(atspi("read", "sliders", "spin button", "Controls")["value"]) === 12), JSON.stringify(atspi("read", "sliders", "spin button", "Controls")))
  }, 60_000)

  it("list-windows, focus/move/resize-window: sway's frames, read back by swaymsg, the apps' own size (libatspi) and the X server", async () => {
    const listed = ok("list-windows") as Array<Record<string, any>>
    for (const view of swayViews()) {
      const window = listed.find((w) => w["pid"] === view.pid)
      assert.isDefined(window, `list-windows lacks pid ${view.pid}`)
      assert.deepStrictEqual(window!["bounds"], view.frame, view.name)
    }
    for (const app of ["geometry3", "geometry4", "sliders", "geometry3-x11"]) {
      await placeAt(app, 100, 90)
      const width = () => (atspi("extents", app, app === "sliders" ? "slider" : "check box", "")["window"]["window"] as Array<number>)[2]!
      const before = width()
      const resized = ok("resize-window", "--app", app, "--width", "700", "--height", "600")
      assert.strictEqual(resized["disposition"]["delivery"], "delivered_verified")
      assert.deepInclude(viewOf(app).frame, { x: 100, y: 90, width: 700, height: 600 })
      assert.isTrue(await waitFor(() => width() !== before), `${app} kept its width ${before}`)
      assert.isTrue(ok("focus-window", "--app", app)["focused"]["is_focused"])
      assert.isTrue(viewOf(app).focused)
    }
    // The XWayland window's position in the X server: sway's content area, at the frame + its border and title bar.
    const xid = execFileSync("xdotool", ["search", "--onlyvisible", "--pid", String(appOf("geometry3-x11").pid)], { env, encoding: "utf8" }).trim().split("\n")[0]!
    const info = execFileSync("xwininfo", ["-id", xid], { env, encoding: "utf8" })
    const frame = viewOf("geometry3-x11").frame
    assert.isAtLeast(Number(/Absolute upper-left X:\s+(-?\d+)/.exec(info)![1]), frame.x)
    assert.isAtMost(Number(/Absolute upper-left X:\s+(-?\d+)/.exec(info)![1]), frame.x + 4)
  }, 90_000)

  it("screenshot: the whole output and a window's frame, pixel for pixel what grim captures", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ad-sway-shot-"))
    ok("focus-window", "--app", "geometry3")
    // The apps redraw as the focus moves (GTK's backdrop style, sway's title bars): capture once they settled.
    await sleep(600)
    const ours = join(dir, "ours.png")
    const theirs = join(dir, "grim.png")
    assert.deepStrictEqual(ok("screenshot", ours), { path: ours, format: "png", width: 1280, height: 1024, scale_factor: 1 })
    execFileSync("grim", [theirs], { env })
    // Entries blink their caret between the two captures: a handful of pixels may differ, not the picture.
    const differing = (a: string, b: string) => {
      const result = spawnSync("compare", ["-metric", "AE", a, b, "null:"], { encoding: "utf8" })
      return Number(result.stderr.trim().split(" ")[0])
    }
    assert.isBelow(differing(ours, theirs), 200)
    const frame = viewOf("geometry3").frame
    const window = join(dir, "window.png")
    const shot = ok("screenshot", "--app", "geometry3", window)
    assert.deepInclude(shot, { width: frame.width, height: frame.height })
    const region = join(dir, "grim-window.png")
    execFileSync("grim", ["-g", `${frame.x},${frame.y} ${frame.width}x${frame.height}`, region], { env })
    assert.isBelow(differing(window, region), 200)
  }, 60_000)

  it("the warm host served it all holding one Wayland connection: its engine process is a client of sway's socket", () => {
    const clients = socketClientPids(env["WAYLAND_DISPLAY"]!)
    const family = hostFamily(host.pid!)
    assert.isTrue([...clients].some((pid) => family.has(pid)), `sway's clients ${[...clients].join(",")} include none of the host's ${[...family].join(",")}`)
  })
})
