/**
 * The native commands end to end: engine + Linux adapter + X11 addon on a virtual desktop with openbox and the
 * fixture app. Every effect is read back through another channel (the fixture's log and control socket, pyatspi,
 * xdotool, xprop, xwininfo, xdpyinfo, decoded PNG pixels); every envelope passes the strict 2.6 schema.
 */
import { controlFixture, fixtureControlPath, peerPath, systemPython } from "@agent-desktop/desktop"
import { decodePng, pixelAt } from "@agent-desktop/platform-linux-x11"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { beforeAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"
import { eventually, useDesktop } from "../../test/useDesktop.js"

const desktop = useDesktop({ apps: ["fixture"], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-native-"))


const { run, ok } = linuxEngine(home)
const fail = async (command: string, args: Record<string, unknown> = {}, headed = false) => {
  const envelope = await run(command, args, headed)
  if (envelope.ok) throw new Error(`${command} should have failed: ${JSON.stringify(envelope.data)}`)
  return envelope.error
}

interface PeerNode {
  readonly name: string
  readonly bounds: [number, number, number, number]
  readonly children: ReadonlyArray<PeerNode>
}
const tool = (command: string, args: ReadonlyArray<string>) => execFileSync(command, args, { env: process.env, encoding: "utf8" })
const peerNode = (match: (n: PeerNode) => boolean): PeerNode => {
  const tree = JSON.parse(execFileSync(systemPython, [peerPath(), "dump", "fixture"], { encoding: "utf8" })).windows[0]
  const find = (n: PeerNode): PeerNode | undefined => (match(n) ? n : n.children.map(find).find(Boolean))
  const found = find(tree)
  if (!found) throw new Error("node not found")
  return found
}
const centre = (n: PeerNode) => ({ x: n.bounds[0] + Math.floor(n.bounds[2] / 2), y: n.bounds[1] + Math.floor(n.bounds[3] / 2) })
const pointer = () => {
  const out = tool("xdotool", ["getmouselocation", "--shell"])
  return { x: Number(/X=(\d+)/.exec(out)![1]), y: Number(/Y=(\d+)/.exec(out)![1]) }
}
const fixtureLog = () => readFileSync(desktop().apps[0]!.logPath, "utf8")
const clicks = () => (fixtureLog().match(/^clicked \d+$/gm) ?? []).length
const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop().stateDir), request)
let xid: string | undefined
/** The fixture's managed top-level window (GTK also has an unmapped 10x10 leader window of the same name). */
const fixtureXid = () => {
  if (xid) return xid
  const ids = tool("xdotool", ["search", "--onlyvisible", "--pid", String(desktop().apps[0]!.pid), "--name", "^Fixture$"]).trim().split("\n")
  expect(ids).toHaveLength(1)
  xid = `0x${Number(ids[0]).toString(16)}`
  return xid
}
const xwininfo = () => {
  const out = tool("xwininfo", ["-id", fixtureXid()])
  const num = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(out)![1])
  return { x: num("Absolute upper-left X"), y: num("Absolute upper-left Y"), width: num("Width"), height: num("Height") }
}
const wmState = () => tool("xprop", ["-id", fixtureXid(), "_NET_WM_STATE"])

describe("native commands on a virtual desktop with openbox", () => {
  beforeAll(async () => {
    fixtureXid()
  }, 90_000)

  it("list-displays: the one Xvfb screen, as xdpyinfo reports it", async () => {
    const dims = /dimensions:\s+(\d+)x(\d+) pixels/.exec(tool("xdpyinfo", []))!
    expect(await ok("list-displays")).toEqual([
      { id: 0, bounds: { x: 0, y: 0, width: Number(dims[1]), height: Number(dims[2]) }, is_primary: true, scale: 1 }
    ])
  })

  it("mouse-move: POLICY_DENIED without --headed and the pointer stays; headed it moves there, verified", async () => {
    const before = pointer()
    const denied = await fail("mouse-move", { xy: { x: before.x + 7, y: before.y + 9 } })
    expect(denied.code).toBe("POLICY_DENIED")
    expect(denied.disposition).toEqual({ delivery: "not_delivered", retry: "safe" })
    expect(pointer()).toEqual(before)
    const data = await ok("mouse-move", { xy: { x: 321, y: 234 } }, true)
    expect(data).toMatchObject({ action: "mouse-move", x: 321, y: 234, target: { kind: "pointer", point: { x: 321, y: 234 } } })
    expect(data.disposition.delivery).toBe("delivered_verified")
    expect(pointer()).toEqual({ x: 321, y: 234 })
  })

  it("mouse-click: the fixture counts the click; --count 2 is two; a point off every screen sends nothing", async () => {
    const point = centre(peerNode((n) => /^clicks: \d+$/.test(n.name)))
    const before = clicks()
    const data = await ok("mouse-click", { xy: point }, true)
    expect(data).toMatchObject({ action: "mouse-click", count: 1, button: "left", x: point.x, y: point.y })
    expect(data.disposition).toEqual({ delivery: "delivered_unverified", retry: "unsafe" })
    expect(await eventually(clicks, (n) => n === before + 1)).toBe(before + 1)
    await ok("mouse-click", { xy: point, count: 2, modifiers: ["shift"] }, true)
    expect(await eventually(clicks, (n) => n === before + 3)).toBe(before + 3)
    expect(Number(/mask:\s*(\d+)/.exec(tool("xdotool", ["getmouselocation", "--shell"]))?.[1] ?? 0)).toBe(0)

    const at = pointer()
    for (const xy of [{ x: -5, y: 10 }, { x: 10, y: 100_000 }]) {
      const error = await fail("mouse-click", { xy }, true)
      expect(error.code).toBe("INVALID_ARGS")
      expect(error.message).toMatch(/off every screen/)
    }
    expect((await fail("mouse-click", { xy: point, count: 0 }, true)).code).toBe("INVALID_ARGS")
    expect((await fail("mouse-click", { xy: point, modifiers: ["hyper"] }, true)).code).toBe("INVALID_ARGS")
    await sleep(200)
    expect(pointer()).toEqual(at)
    expect(clicks()).toBe(before + 3)
  })

  it("mouse-wheel over the spin button changes its value in the app; dy > 0 is up", async () => {
    const spin = peerNode((n) => n.name === "Amount")
    const before = Number((await control({ op: "state", id: "spin" })).value)
    const data = await ok("mouse-wheel", { x: centre(spin).x, y: centre(spin).y, dy: 2 }, true)
    expect(data).toMatchObject({ action: "mouse-wheel", dy: 2, dx: 0, target: { kind: "pointer" } })
    const after = await eventually(async () => Number((await control({ op: "state", id: "spin" })).value), (v) => v > before)
    expect(after).toBeGreaterThan(before)
    expect((await fail("mouse-wheel", { x: centre(spin).x, y: centre(spin).y })).code).toBe("POLICY_DENIED")
  })

  it("screenshot: a file, inline base64, a window, a display; the pixels match the screen's", async () => {
    tool("xdotool", ["mousemove", "1", "1"])
    await sleep(600) // GTK's hover transitions settle, so both captures see the same pixels
    const dir = mkdtempSync(join(tmpdir(), "ad-shot-"))
    const file = join(dir, "screen.png")
    const data = await ok("screenshot", { path: file })
    expect(data).toEqual({ path: file, format: "png", width: 1280, height: 1024, scale_factor: 1 })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const screen = decodePng(readFileSync(file))
    expect([screen.width, screen.height]).toEqual([1280, 1024])

    const windows = await ok("list-windows", { app: "fixture" })
    const bounds = windows[0].bounds
    const shot = await ok("screenshot", { app: "fixture" })
    expect([shot.width, shot.height]).toEqual([bounds.width, bounds.height])
    const window = decodePng(Buffer.from(shot.data, "base64"))
    const button = centre(peerNode((n) => /^clicks: \d+$/.test(n.name)))
    expect(pixelAt(window, button.x - bounds.x, button.y - bounds.y)).toEqual(pixelAt(screen, button.x, button.y))

    expect((await ok("screenshot", { screen: 0 })).width).toBe(1280)
    expect((await fail("screenshot", { screen: 3 })).code).toBe("INVALID_ARGS")
    expect((await fail("screenshot", { path: join(dir, "missing", "x.png") })).code).toBe("INVALID_ARGS")
    expect((await fail("screenshot", { app: "no-such-app" })).code).toBe("APP_NOT_FOUND")
  })

  it("move-window and resize-window: the window manager carries them out; xwininfo and AT-SPI read them back", async () => {
    const moved = await ok("move-window", { app: "fixture", x: 140, y: 90 })
    expect(moved).toMatchObject({ action: "move-window", x: 140, y: 90, details: { verification_scope: "window_position" } })
    expect(moved.target).toMatchObject({ kind: "window", title: "Fixture", process: { pid: desktop().apps[0]!.pid } })
    expect(moved.disposition.delivery).toBe("delivered_verified")
    // frame semantics (what list-windows reports): the client area sits inside openbox's decorations
    const [left, right, top, bottom] = /= (\d+), (\d+), (\d+), (\d+)/.exec(tool("xprop", ["-id", fixtureXid(), "_NET_FRAME_EXTENTS"]))!.slice(1).map(Number) as [number, number, number, number]
    expect(xwininfo()).toMatchObject({ x: 140 + left, y: 90 + top })
    const resized = await ok("resize-window", { app: "fixture", width: 520, height: 430 })
    expect(resized).toMatchObject({ width: 520, height: 430, details: { verification_scope: "window_size" } })
    expect(xwininfo()).toEqual({ x: 140 + left, y: 90 + top, width: 520 - left - right, height: 430 - top - bottom })
    const listed = await eventually(async () => (await ok("list-windows", { app: "fixture" }))[0].bounds, (b) => b.width === 520)
    expect(listed).toEqual({ x: 140, y: 90, width: 520, height: 430 })
    // already there: nothing sent
    expect((await ok("move-window", { app: "fixture", x: 140, y: 90 })).disposition.delivery).toBe("not_delivered")

    for (const args of [{ width: -5, height: 100 }, { width: 0, height: 100 }]) {
      expect((await fail("resize-window", { app: "fixture", ...args })).code).toBe("INVALID_ARGS")
    }
    expect((await fail("move-window", { app: "fixture", x: 5000, y: 10 })).code).toBe("INVALID_ARGS")
    expect((await fail("resize-window", { app: "fixture", width: 2, height: 2 })).code).toBe("ACTION_FAILED")
    expect(xwininfo()).toEqual({ x: 140 + left, y: 90 + top, width: 520 - left - right, height: 430 - top - bottom })
  })

  it("minimize, maximize, restore and focus-window: xprop and xdotool see each state", async () => {
    const minimized = await ok("minimize", { app: "fixture" })
    expect(minimized).toMatchObject({ action: "minimize", details: { verification_scope: "window_minimized_state" } })
    expect(wmState()).toContain("_NET_WM_STATE_HIDDEN")
    expect((await ok("minimize", { app: "fixture" })).steps[0]).toMatchObject({ label: "AlreadyInState", outcome: "skipped" })
    await ok("restore", { app: "fixture" })
    expect(wmState()).not.toContain("_NET_WM_STATE_HIDDEN")

    await ok("maximize", { app: "fixture" })
    expect(wmState()).toContain("_NET_WM_STATE_MAXIMIZED_HORZ")
    expect((await ok("restore", { app: "fixture" })).details.verification_scope).toBe("window_maximized_state")
    expect(wmState()).not.toContain("MAXIMIZED")

    tool("xdotool", ["mousemove", "1", "1"]) // nothing else to activate: focus the root, then ask for the window
    const focused = await ok("focus-window", { title: "fixt" })
    expect(focused.focused).toMatchObject({ title: "Fixture", app_name: "fixture", is_focused: true })
    expect(`0x${Number(tool("xdotool", ["getactivewindow"]).trim()).toString(16)}`).toBe(fixtureXid())
    expect((await fail("focus-window", { title: "no such title" })).code).toBe("WINDOW_NOT_FOUND")
  })
})
