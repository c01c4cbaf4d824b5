import { describe, expect, it } from "vitest"
import { eventOutput, matchesEvent } from "./eventMatch.js"

const opened = { kind: "window-opened" as const, window_id: "w-1.2-a-3", title: "Flash", app: "Flash", pid: 9 }
const launched = { kind: "app-launched" as const, app: "grid", pid: 4 }

describe("matchesEvent", () => {
  it("matches the kind, the app by name (any case) and the window id", () => {
    expect(matchesEvent("window-opened", {}, opened)).toBe(true)
    expect(matchesEvent("window-closed", {}, opened)).toBe(false)
    expect(matchesEvent("window-opened", { app: "flash" }, opened)).toBe(true)
    expect(matchesEvent("window-opened", { app: "grid" }, opened)).toBe(false)
    expect(matchesEvent("window-opened", { windowId: "w-1.2-a-3" }, opened)).toBe(true)
    expect(matchesEvent("window-opened", { windowId: "w-1.2-a-4" }, opened)).toBe(false)
  })

  it("app events name no window: --window-id does not exclude them", () => {
    expect(matchesEvent("app-launched", { app: "GRID", windowId: "w-1.2-a-3" }, launched)).toBe(true)
  })
})

describe("eventOutput", () => {
  it("window events carry the window, app events only the app", () => {
    expect(eventOutput(opened)).toEqual(opened)
    expect(eventOutput(launched)).toEqual(launched)
    expect(eventOutput({ kind: "focus-changed", window_id: "w", app: "a", pid: 1 })).toEqual({ kind: "focus-changed", window_id: "w", title: "", app: "a", pid: 1 })
  })
})
