import { describe, expect, it } from "vitest"
import { combinePrompt } from "./readStdin.js"
import { parseInputLine } from "./streamJsonInput.js"

describe("stream-json input lines", () => {
  it("takes Claude Code's user message shapes and says why anything else is not one", () => {
    expect(parseInputLine(JSON.stringify({ type: "user", message: { role: "user", content: "hi" } }), 1)).toEqual({ kind: "prompt", text: "hi" })
    expect(parseInputLine(JSON.stringify({ type: "user", session_id: "", parent_tool_use_id: null, message: { role: "user", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] } }), 1))
      .toEqual({ kind: "prompt", text: "a\nb" })
    expect(parseInputLine(JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "image", source: {} }] } }), 3))
      .toMatchObject({ kind: "invalid", reason: expect.stringContaining("stdin line 3: only text content") })
    expect(parseInputLine(JSON.stringify({ type: "control_request", request: {} }), 4)).toMatchObject({ kind: "invalid" })
    expect(parseInputLine("[1", 5)).toEqual({ kind: "invalid", reason: "stdin line 5 is not JSON" })
  })

  it("a text prompt is stdin's content, then the argument", () => {
    expect(combinePrompt("explain", "log\n\n")).toBe("log\n\nexplain")
    expect(combinePrompt(undefined, "task\n")).toBe("task")
    expect(combinePrompt("arg", undefined)).toBe("arg")
    expect(combinePrompt("arg", "  \n")).toBe("arg")
  })
})
