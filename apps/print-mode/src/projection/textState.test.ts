import type { AgentEvent } from "@agent-desktop/agent"
import { describe, expect, it } from "vitest"
import { emptyText, textEnd, textStep } from "./textState.js"

const render = (events: ReadonlyArray<AgentEvent>): string =>
  events.reduce<readonly [typeof emptyText, string]>(([state, text], event) => {
    const [next, more] = textStep(state, event)
    return [next, text + more]
  }, [emptyText, ""])[1] + textEnd

describe("textState", () => {
  it("reasoning and response headers, one 🔧 line per parsed tool id, ❌ lines, the final newline", () => {
    expect(render([
      { type: "reasoning_delta", message_id: "a", delta: "think" },
      { type: "content_delta", message_id: "a", delta: "Hel" },
      { type: "content_delta", message_id: "a", delta: "lo" },
      { type: "tool_start", id: "t", name: "Bash", input: { command: "ls" }, parsed: true, compact: "ls" },
      { type: "tool_start", id: "t", name: "Bash", input: { command: "ls" }, parsed: true, compact: "ls" },
      { type: "tool_start", id: "u", name: "Bash", input: {}, parsed: false, compact: "" },
      { type: "tool_start", id: "v", name: "Agent", input: {}, parsed: true, compact: "" },
      { type: "error", message: "boom", source: "api", recoverable: true },
      { type: "usage", model: "m", source: "main", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
      { type: "content_delta", message_id: "b", delta: "Done" }
    ])).toBe("\n💭 Reasoning:\nthink\n\n📝 Response:\nHello\n🔧 Bash ls\n\n🔧 Agent\n\n❌ Error: boom\n\nDone\n")
  })

  it("a first response has no leading newline; an empty response prints only the final newline (E1)", () => {
    expect(render([{ type: "content_delta", message_id: "a", delta: "Hi" }])).toBe("Hi\n")
    expect(render([{ type: "content_delta", message_id: "a", delta: "" }, { type: "content_delta", message_id: "b", delta: "x" }]))
      .toBe("x\n")
    expect(render([])).toBe("\n")
  })

  it("a step never changes the record it was given", () => {
    textStep(emptyText, { type: "reasoning_delta", message_id: "a", delta: "x" })
    expect(emptyText).toEqual({ reasoningStarted: new Set(), contentStarted: new Set(), toolsShown: new Set(), printed: false })
  })
})
