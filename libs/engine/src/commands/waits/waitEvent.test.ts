import type { AppInfo, WindowInfo } from "@agent-desktop/platform"
import { describe, expect, it } from "vitest"
import { findEvent } from "./waitEvent.js"

const win = (id: string, extra: Partial<WindowInfo> = {}): WindowInfo =>
  ({ id, title: id.toUpperCase(), app_name: "app", pid: 7, is_focused: false, visible: true, ...extra })
const app = (name: string, pid: number): AppInfo => ({ name, pid })
const idOf = (event: unknown) => (event as { window_id?: string } | undefined)?.window_id

describe("findEvent", () => {
  const before = { apps: [app("app", 7)], windows: [win("a", { is_focused: true }), win("menu", { visible: false })] }

  it("window-opened / window-closed by id, filtered by app and window id", () => {
    const now = { apps: before.apps, windows: [...before.windows, win("b")] }
    expect(findEvent("window-opened", before, now, {})).toEqual({ kind: "window-opened", window_id: "b", title: "B", app: "app", pid: 7 })
    expect(findEvent("window-opened", before, now, { app: "other" })).toBeUndefined()
    expect(idOf(findEvent("window-closed", before, { apps: before.apps, windows: [before.windows[1]!] }, { windowId: "a" }))).toBe("a")
  })

  it("surfaces: a hidden popup that becomes visible appeared; hidden again is dismissed", () => {
    const shownMenu = { apps: before.apps, windows: [before.windows[0]!, win("menu")] }
    expect(idOf(findEvent("surface-appeared", before, shownMenu, {}))).toBe("menu")
    expect(findEvent("window-opened", before, shownMenu, {})).toBeUndefined()
    expect(idOf(findEvent("surface-dismissed", shownMenu, before, {}))).toBe("menu")
  })

  it("focus-changed, app-launched, app-terminated", () => {
    const focused = { apps: before.apps, windows: [win("a"), win("menu", { visible: false }), win("c", { is_focused: true })] }
    expect(idOf(findEvent("focus-changed", before, focused, {}))).toBe("c")
    expect(findEvent("focus-changed", before, before, {})).toBeUndefined()
    const launched = { apps: [...before.apps, app("grid", 9)], windows: before.windows }
    expect(findEvent("app-launched", before, launched, {})).toEqual({ kind: "app-launched", app: "grid", pid: 9 })
    expect(findEvent("app-terminated", launched, before, {})).toEqual({ kind: "app-terminated", app: "grid", pid: 9 })
  })
})
