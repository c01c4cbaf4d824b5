import { assert, describe, it } from "@effect/vitest"
import type { KwinWindow } from "../KwinWindows.js"
import { sessionBusSocket } from "./KwinDisplayServer.js"
import { matchKwinWindow, placementOfKwinWindow, topmostKwinWindowAt } from "./KwinDesktop.js"

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height })

const window = (over: Partial<KwinWindow>): KwinWindow => ({
  id: "{a}",
  caption: "Fixture",
  pid: 10,
  resourceClass: "fixture",
  frame: rect(100, 50, 400, 300),
  buffer: rect(100, 50, 400, 300),
  minimized: false,
  maximized: false,
  fullScreen: false,
  active: false,
  stacking: 0,
  normal: true,
  hidden: false,
  xwayland: false,
  ...over
})

describe("KWin windows for the display-server layer", () => {
  it("matches by pid, then title among the pid's windows, then the nearest bounds; never a panel", () => {
    const a = window({ id: "a", caption: "One" })
    const b = window({ id: "b", caption: "Two", frame: rect(600, 50, 400, 300) })
    const other = window({ id: "c", pid: 11, caption: "One" })
    const panel = window({ id: "p", pid: 10, caption: "One", normal: false })
    assert.strictEqual(matchKwinWindow([a, other], 10, "anything")?.id, "a")
    assert.strictEqual(matchKwinWindow([a, b, other, panel], 10, "Two")?.id, "b")
    const twin = window({ id: "t", caption: "One", frame: rect(600, 400, 400, 300) })
    assert.isUndefined(matchKwinWindow([a, twin], 10, "One"))
    assert.strictEqual(matchKwinWindow([a, twin], 10, "One", rect(590, 410, 400, 300))?.id, "t")
  })

  it("places a surface-origin toolkit at the buffer, a frame-origin one at the buffer's part inside the frame", () => {
    // A client drawing its own shadows: the buffer is larger than the frame (the xdg window geometry).
    const shadowed = window({ frame: rect(120, 70, 400, 300), buffer: rect(100, 50, 440, 340) })
    assert.deepStrictEqual(placementOfKwinWindow(shadowed, { title: "Fixture", windowRelative: true, origin: "surface" }), {
      kind: "window",
      origin: { x: 100, y: 50 },
      frame: rect(120, 70, 400, 300)
    })
    assert.deepInclude(placementOfKwinWindow(shadowed, { title: "Fixture", windowRelative: true, origin: "frame" }), { origin: { x: 120, y: 70 } })
    // KWin's decoration around the client: the frame is larger than the buffer.
    const decorated = window({ frame: rect(100, 20, 400, 330), buffer: rect(100, 50, 400, 300) })
    assert.deepInclude(placementOfKwinWindow(decorated, { title: "Fixture", windowRelative: true, origin: "frame" }), { origin: { x: 100, y: 50 } })
    assert.strictEqual(placementOfKwinWindow(decorated, { title: "Fixture", windowRelative: true }).kind, "unknown")
    assert.deepStrictEqual(placementOfKwinWindow(window({ xwayland: true }), { title: "Fixture", windowRelative: false }), { kind: "screen", frame: rect(100, 50, 400, 300) })
  })

  it("the topmost shown window at a point follows KWin's stacking order", () => {
    const low = window({ id: "low", stacking: 1 })
    const high = window({ id: "high", stacking: 2, frame: rect(300, 200, 400, 300) })
    const minimized = window({ id: "min", stacking: 3, minimized: true })
    assert.strictEqual(topmostKwinWindowAt([high, low, minimized], { x: 350, y: 250 })?.id, "high")
    assert.strictEqual(topmostKwinWindowAt([high, low, minimized], { x: 150, y: 60 })?.id, "low")
    assert.isUndefined(topmostKwinWindowAt([low], { x: 5, y: 5 }))
  })

  it("finds the session bus's socket in its address (path or abstract), else nothing", () => {
    assert.deepStrictEqual(sessionBusSocket("unix:path=/run/user/1000/bus,guid=ab"), { path: "/run/user/1000/bus", abstract: false })
    assert.deepStrictEqual(sessionBusSocket("tcp:host=x,port=1;unix:abstract=/tmp/dbus-XYZ,guid=1"), { path: "/tmp/dbus-XYZ", abstract: true })
    assert.isUndefined(sessionBusSocket("tcp:host=localhost,port=4000"))
  })
})
