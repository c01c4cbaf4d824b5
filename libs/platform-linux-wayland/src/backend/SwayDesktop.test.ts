import { assert, describe, it } from "@effect/vitest"
import type { SwayWindow } from "../SwayIpc.js"
import { matchWindow, placementOfWindow, topmostAt } from "./SwayDesktop.js"

const window = (over: Partial<SwayWindow> & { id: number }): SwayWindow => ({
  pid: 100,
  title: "Window",
  appId: "app",
  shell: "xdg_shell",
  rect: { x: 0, y: 25, width: 640, height: 999 },
  frame: { x: 0, y: 0, width: 640, height: 1024 },
  windowRect: { x: 2, y: 0, width: 636, height: 997 },
  geometry: { x: 0, y: 0, width: 636, height: 997 },
  focused: false,
  visible: true,
  floating: false,
  fullscreen: false,
  workspace: "1",
  output: "HEADLESS-1",
  ...over
})

describe("sway windows for the accessibility layer", () => {
  it("matches by pid, then title, then the nearest frame; a tie is no match", () => {
    const a = window({ id: 1, title: "Main" })
    const b = window({ id: 2, title: "Dialog", frame: { x: 300, y: 300, width: 200, height: 100 } })
    const other = window({ id: 3, pid: 200, title: "Main" })
    assert.strictEqual(matchWindow([a, b, other], 200, "anything")?.id, 3)
    assert.strictEqual(matchWindow([a, b, other], 100, "Dialog")?.id, 2)
    const twin = window({ id: 4, title: "Main", frame: { x: 700, y: 0, width: 580, height: 1024 } })
    assert.isUndefined(matchWindow([a, twin], 100, "Main"), "two windows of one pid with one title: not told apart without bounds")
    assert.strictEqual(matchWindow([a, twin], 100, "Main", { x: 690, y: 0, width: 580, height: 1024 })?.id, 4)
    assert.isUndefined(matchWindow([a], 999, "Main"))
  })

  it("the topmost window at a point: fullscreen, then the last floating, then the tiled one", () => {
    const tiled = window({ id: 1 })
    const low = window({ id: 2, floating: true, frame: { x: 100, y: 100, width: 300, height: 300 } })
    const high = window({ id: 3, floating: true, frame: { x: 200, y: 200, width: 300, height: 300 } })
    assert.strictEqual(topmostAt([tiled, low, high], { x: 250, y: 250 })?.id, 3)
    assert.strictEqual(topmostAt([tiled, low, high], { x: 150, y: 150 })?.id, 2)
    assert.strictEqual(topmostAt([tiled, low, high], { x: 10, y: 10 })?.id, 1)
    assert.isUndefined(topmostAt([tiled], { x: 900, y: 10 }))
    const hidden = window({ id: 5, visible: false, frame: { x: 800, y: 0, width: 480, height: 1024 } })
    assert.isUndefined(topmostAt([hidden], { x: 900, y: 10 }), "a window on another workspace covers nothing")
  })

  it("places a native window's extents at its content area, an XWayland one's as they are", () => {
    const native = window({ id: 1 })
    assert.deepStrictEqual(placementOfWindow(native, { title: "Window", pid: 100, windowRelative: false, origin: "surface", extents: { x: 0, y: 0, width: 636, height: 997 } }), {
      kind: "window",
      origin: { x: 2, y: 25 },
      frame: native.frame
    })
    // A fixed-size window tiled in a bigger area is centred (Qt's calculator, measured).
    const centred = placementOfWindow(window({ id: 2, rect: { x: 0, y: 25, width: 1280, height: 999 }, windowRect: { x: 2, y: 0, width: 1276, height: 997 } }), {
      title: "Calculator", pid: 100, windowRelative: false, origin: "surface", extents: { x: 0, y: 0, width: 304, height: 298 }
    })
    assert.deepStrictEqual(centred.kind === "window" ? centred.origin : undefined, { x: 488, y: 374 })
    const x11 = window({ id: 3, shell: "xwayland" })
    assert.deepStrictEqual(placementOfWindow(x11, { title: "Window", windowRelative: false }), { kind: "screen", frame: x11.frame })
    assert.strictEqual(placementOfWindow(x11, { title: "Window", windowRelative: true }).kind, "window")
  })

  it("no placement for a toolkit whose origin was never measured, nor without the window's size", () => {
    const unmeasured = placementOfWindow(window({ id: 1 }), { title: "Window", windowRelative: false, extents: { x: 0, y: 0, width: 10, height: 10 } })
    assert.strictEqual(unmeasured.kind, "unknown")
    assert.match(unmeasured.kind === "unknown" ? unmeasured.reason : "", /never measured/)
    assert.strictEqual(placementOfWindow(window({ id: 1 }), { title: "Window", windowRelative: false, origin: "frame" }).kind, "unknown")
  })
})
