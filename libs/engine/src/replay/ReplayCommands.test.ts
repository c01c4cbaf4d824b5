import { REF_ACTION_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import { describe, expect, it } from "vitest"
import { RECORDED_COMMANDS, stepKind } from "./ReplayCommands.js"

describe("how a replay treats a recorded command (the spec's replay field)", () => {
  it("records every ref action, the checks and the lifecycle commands, and no command the spec leaves out", () => {
    for (const command of REF_ACTION_COMMANDS) expect(RECORDED_COMMANDS.has(command)).toBe(true)
    for (const command of ["snapshot", "get", "is", "launch", "close-app", "press", "clipboard-set"]) expect(RECORDED_COMMANDS.has(command)).toBe(true)
    for (const command of ["status", "find", "list-windows", "trace", "session", "batch"]) expect(RECORDED_COMMANDS.has(command)).toBe(false)
  })

  it("repeats actions and checks, skips lifecycle, refuses what has no identity to find again", () => {
    expect(stepKind("click", { ref_id: "@s1:1" })).toEqual({ _tag: "Action" })
    expect(stepKind("snapshot", { app: "fixture" })).toEqual({ _tag: "Check" })
    expect(stepKind("launch", { app: "fixture" })).toEqual({ _tag: "Lifecycle" })
    expect(stepKind("mouse-click", { xy: "10,10" })).toEqual({ _tag: "NotReplayable", reason: "it acts on a screen point, not an element" })
    expect(stepKind("key-down", { combo: "shift" })._tag).toBe("NotReplayable")
    expect(stepKind("status", {})._tag).toBe("NotReplayable")
  })

  it("refuses an action or a check only with the arguments the spec names", () => {
    // A window id dies with its window; the app names it again.
    expect(stepKind("press", { combo: "ctrl+s", window_id: "0x1" })._tag).toBe("NotReplayable")
    expect(stepKind("press", { combo: "ctrl+s", window_id: "0x1", app: "gedit" })).toEqual({ _tag: "Action" })
    expect(stepKind("press", { combo: "ctrl+s" })).toEqual({ _tag: "Action" })
    expect(stepKind("maximize", { window_id: "0x1" })._tag).toBe("NotReplayable")
    // A point is not an element: hover needs its ref, drag both of its ends.
    expect(stepKind("hover", { xy: "3,4" })._tag).toBe("NotReplayable")
    expect(stepKind("hover", { ref_id: "@s1:2" })).toEqual({ _tag: "Action" })
    expect(stepKind("drag", { from: "@s1:2", to_xy: "3,4" })._tag).toBe("NotReplayable")
    expect(stepKind("drag", { from: "@s1:2", to: "@s1:3" })).toEqual({ _tag: "Action" })
    expect(stepKind("snapshot", { root: "@s1:4" })._tag).toBe("NotReplayable")
  })
})
