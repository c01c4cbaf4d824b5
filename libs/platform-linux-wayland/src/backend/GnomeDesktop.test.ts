import { assert, describe, it } from "@effect/vitest"
import type { DbusCall, DbusMessage } from "../DbusCall.js"
import { extensionState, type GnomeWindow } from "../GnomeWindows.js"
import { matchGnomeWindow, placementOfGnomeWindow, topmostGnomeWindowAt } from "./GnomeDesktop.js"

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height })

const window = (over: Partial<GnomeWindow>): GnomeWindow => ({
  id: 1,
  pid: 10,
  title: "Fixture",
  wmClass: "fixture",
  appId: "",
  frame: rect(8, 97, 420, 397),
  buffer: rect(-18, 74, 472, 449),
  focused: false,
  minimized: false,
  maximized: false,
  fullscreen: false,
  workspace: 0,
  client: "wayland",
  normal: true,
  hidden: false,
  stacking: 0,
  ...over
})

/** A bus whose calls answer from `replies` by member (a thrown Error for a missing service). */
const bus = (replies: Record<string, ReadonlyArray<unknown> | Error>): DbusCall =>
  (async (message: DbusMessage) => {
    const reply = replies[message.member]
    if (reply === undefined || reply instanceof Error) throw reply ?? new Error(`no ${message.member}`)
    return reply
  }) as DbusCall

describe("GNOME windows for the display-server layer", () => {
  it("matches by pid, then title among the pid's windows, then the nearest bounds; never a menu", () => {
    const a = window({ id: 1, title: "One" })
    const b = window({ id: 2, title: "Two", frame: rect(600, 50, 400, 300) })
    const menu = window({ id: 3, title: "One", normal: false })
    assert.strictEqual(matchGnomeWindow([a, menu], 10, "whatever")?.id, 1)
    assert.strictEqual(matchGnomeWindow([a, b], 10, "Two")?.id, 2)
    assert.strictEqual(matchGnomeWindow([a, window({ id: 4, title: "One", frame: rect(600, 50, 400, 300) })], 10, "One", rect(590, 50, 400, 300))?.id, 4)
    assert.isUndefined(matchGnomeWindow([a, window({ id: 4, title: "One" })], 10, "One"))
  })

  it("places surface-counting toolkits (GTK 3) at the buffer, frame-counting ones (GTK 4) at the frame, XWayland as global, unmeasured ones nowhere", () => {
    const gtk = window({})
    assert.deepStrictEqual(placementOfGnomeWindow(gtk, { title: "Fixture", windowRelative: true, origin: "surface" }), { kind: "window", origin: { x: -18, y: 74 }, frame: gtk.frame })
    assert.deepStrictEqual(placementOfGnomeWindow(gtk, { title: "Fixture", windowRelative: true, origin: "frame" }), { kind: "window", origin: { x: 8, y: 97 }, frame: gtk.frame })
    assert.deepStrictEqual(placementOfGnomeWindow(window({ client: "x11" }), { title: "Fixture", windowRelative: false }), { kind: "screen", frame: gtk.frame })
    assert.strictEqual(placementOfGnomeWindow(gtk, { title: "Fixture", windowRelative: true }).kind, "unknown")
    // GTK 3's AT-SPI window is its whole surface; Qt 5's is the content inside the title bar and border it draws (measured).
    assert.deepInclude(placementOfGnomeWindow(gtk, { title: "Fixture", windowRelative: true, origin: "surface", extents: rect(0, 0, 472, 449) }), { origin: { x: -18, y: 74 } })
    const qt = window({ frame: rect(8, 494, 486, 353), buffer: rect(8, 494, 486, 353) })
    assert.deepInclude(placementOfGnomeWindow(qt, { title: "Fixture", windowRelative: true, origin: "surface", extents: rect(0, 0, 480, 320) }), { origin: { x: 11, y: 524 } })
  })

  it("the topmost shown window at a point skips minimized windows and menus", () => {
    const below = window({ id: 1, stacking: 0 })
    const above = window({ id: 2, stacking: 2, minimized: true })
    const menu = window({ id: 3, stacking: 3, normal: false })
    assert.strictEqual(topmostGnomeWindowAt([above, below, menu], { x: 20, y: 100 })?.id, 1)
    assert.isUndefined(topmostGnomeWindowAt([below], { x: 5, y: 100 }), "the shadow is not the window")
  })

  it("tells the extension's state: running, not loaded by the shell, disabled, failed, or the shell not answering", async () => {
    const absent = new Error("org.freedesktop.DBus.Error.ServiceUnknown")
    assert.deepStrictEqual(await extensionState(bus({ Get: [["u", [1]]] })), { kind: "running", version: 1 })
    assert.deepStrictEqual(await extensionState(bus({ Get: absent, GetExtensionInfo: [[]] })), { kind: "not_loaded" })
    assert.deepStrictEqual(await extensionState(bus({ Get: absent, GetExtensionInfo: [[["state", ["d", [2]]]]] })), { kind: "disabled" })
    assert.deepStrictEqual(await extensionState(bus({ Get: absent, GetExtensionInfo: [[["state", ["d", [3]]], ["error", ["s", ["SyntaxError"]]]]] })), { kind: "failed", error: "SyntaxError" })
    assert.strictEqual((await extensionState(bus({ Get: absent, GetExtensionInfo: absent }))).kind, "unknown")
  })
})
