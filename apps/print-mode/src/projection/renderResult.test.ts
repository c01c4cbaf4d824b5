import type { AgentEvent } from "@agent-desktop/agent"
import { describe, expect, it } from "vitest"
import { type ResultEnding, renderResult } from "./renderResult.js"
import { emptyResult, resultStep } from "./resultState.js"

const fold = (events: ReadonlyArray<AgentEvent>) => events.reduce(resultStep, emptyResult)

const end: ResultEnding = { sessionId: "s", durationMs: 5, thrown: undefined, signal: undefined, maxTurnsHit: false, incompleteTasks: [], seq: 9 }

describe("resultStep / renderResult", () => {
  it("result is the last message's text; discarded deltas and tool-only messages do not count as content", () => {
    const state = fold([
      { type: "content_delta", message_id: "a", delta: "lost" },
      { type: "message_discard", message_id: "a" },
      { type: "content_delta", message_id: "b", delta: "Fir" },
      { type: "content_delta", message_id: "b", delta: "st" },
      { type: "message_end", message_id: "b", content: "First", tool_calls: 1 },
      { type: "tool_start", id: "t", name: "Bash", input: { command: "x" }, parsed: true, compact: "x" },
      { type: "tool_end", id: "t", name: "Bash", success: false, error: "boom" },
      { type: "tool_end", id: "t", name: "Bash", success: false, error: "boom" },
      { type: "content_delta", message_id: "c", delta: "Second" },
      { type: "message_end", message_id: "c", content: "Second", tool_calls: 0 },
      { type: "usage", model: "m", source: "main", usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
      { type: "usage", model: "m", source: "subagent", usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3, cache_read_input_tokens: 1 } },
      { type: "model_call", model: "m", source: "main", duration_ms: 40 },
      { type: "model_call", model: "m", source: "subagent", duration_ms: 2 }
    ])
    expect(renderResult(state, end)).toEqual({
      type: "result",
      subtype: "success",
      is_error: false,
      seq: 9,
      session_id: "s",
      num_turns: 2,
      duration_ms: 5,
      duration_api_ms: 42,
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7, input_tokens: 4, output_tokens: 2, cache_read_input_tokens: 1 },
      model_usage: {
        m: { model: "m", prompt_tokens: 5, completion_tokens: 2, total_tokens: 7, input_tokens: 4, output_tokens: 2, requests: 2, operations: { agent_calls: 1, subagent_calls: 1 }, cache_read_input_tokens: 1 }
      },
      tool_calls: [{ id: "t", name: "Bash", input: { command: "x" }, success: false, error: "boom" }],
      result: "Second"
    })
  })

  it("errors without content fail; errors with content do not; throws and signals always fail without `result`", () => {
    const failed = fold([{ type: "error", message: "HTTP 401", source: "api", recoverable: false }])
    expect(renderResult(failed, end)).toMatchObject({ subtype: "error_during_execution", is_error: true, errors: ["HTTP 401"] })
    expect(renderResult(failed, end)).not.toHaveProperty("result")

    const recovered = fold([
      { type: "error", message: "hook", source: "hook", recoverable: true },
      { type: "content_delta", message_id: "m", delta: "ok" },
      { type: "message_end", message_id: "m", content: "ok", tool_calls: 0 }
    ])
    expect(renderResult(recovered, end)).toMatchObject({ subtype: "success", is_error: false, result: "ok", errors: ["hook"] })
    expect(renderResult(recovered, { ...end, signal: "SIGTERM" })).toMatchObject({ subtype: "error_during_execution", errors: ["hook", "Interrupted by SIGTERM"] })
    expect(renderResult(recovered, { ...end, maxTurnsHit: true })).toMatchObject({ subtype: "error_max_turns", is_error: true, result: "ok" })
    expect(renderResult(emptyResult, { ...end, thrown: "boom" })).toMatchObject({ subtype: "error_during_execution", errors: ["boom"] })
  })

  it("a tool end keeps the entry's place and replaces its outcome; an end without a start still makes an entry", () => {
    const state = fold([
      { type: "tool_start", id: "a", name: "Bash", input: { command: "x" }, parsed: true, compact: "x" },
      { type: "tool_start", id: "b", name: "Bash", input: { command: "y" }, parsed: true, compact: "y" },
      { type: "tool_start", id: "a", name: "Bash", input: { command: "again" }, parsed: true, compact: "again" },
      { type: "tool_end", id: "a", name: "Bash", success: false, error: "first" },
      { type: "tool_end", id: "a", name: "Bash", success: true },
      { type: "tool_end", id: "c", name: "Agent", success: false, error: "unparsed" },
      { type: "permission_denied", denial: { tool_name: "Bash", tool_use_id: "b", tool_input: { command: "y" } }, reason: "no" }
    ])
    expect(renderResult(state, end)).toMatchObject({
      tool_calls: [
        { id: "a", name: "Bash", input: { command: "x" }, success: true },
        { id: "b", name: "Bash", input: { command: "y" }, success: false },
        { id: "c", name: "Agent", input: {}, success: false, error: "unparsed" }
      ],
      permission_denials: [{ tool_name: "Bash", tool_use_id: "b", tool_input: { command: "y" } }]
    })
    expect(renderResult(state, end).tool_calls[0]).not.toHaveProperty("error")
  })

  it("a step never changes the record it was given", () => {
    const before = fold([{ type: "content_delta", message_id: "m", delta: "a" }])
    resultStep(before, { type: "message_end", message_id: "m", content: "a", tool_calls: 0 })
    resultStep(before, { type: "error", message: "x", source: "api", recoverable: false })
    expect(before.turns).toBe(0)
    expect(before.texts.get("m")).toBe("a")
    expect(before.errors).toEqual([])
    expect(emptyResult.texts.size).toBe(0)
  })
})
