import { describe, expect, it } from "vitest"
import { ResultFold } from "./resultFold.js"

const end = { sessionId: "s", durationMs: 5, thrown: undefined, signal: undefined, maxTurnsHit: false, incompleteTasks: [], seq: 9 }

describe("ResultFold", () => {
  it("result is the last message's text; discarded deltas and tool-only messages do not count as content", () => {
    const fold = new ResultFold()
    fold.push({ type: "content_delta", message_id: "a", delta: "lost" })
    fold.push({ type: "message_discard", message_id: "a" })
    fold.push({ type: "content_delta", message_id: "b", delta: "Fir" })
    fold.push({ type: "content_delta", message_id: "b", delta: "st" })
    fold.push({ type: "message_end", message_id: "b", content: "First", tool_calls: 1 })
    fold.push({ type: "tool_start", id: "t", name: "Bash", input: { command: "x" }, parsed: true, compact: "x" })
    fold.push({ type: "tool_end", id: "t", name: "Bash", success: false, error: "boom" })
    fold.push({ type: "tool_end", id: "t", name: "Bash", success: false, error: "boom" })
    fold.push({ type: "content_delta", message_id: "c", delta: "Second" })
    fold.push({ type: "message_end", message_id: "c", content: "Second", tool_calls: 0 })
    fold.push({ type: "usage", model: "m", source: "main", usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } })
    fold.push({ type: "usage", model: "m", source: "subagent", usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3, cache_read_input_tokens: 1 } })
    expect(fold.finish(end)).toEqual({
      type: "result",
      subtype: "success",
      is_error: false,
      seq: 9,
      session_id: "s",
      num_turns: 2,
      duration_ms: 5,
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7, cache_read_input_tokens: 1 },
      model_usage: {
        m: { model: "m", prompt_tokens: 5, completion_tokens: 2, total_tokens: 7, requests: 2, operations: { agent_calls: 1, subagent_calls: 1 }, cache_read_input_tokens: 1 }
      },
      tool_calls: [{ id: "t", name: "Bash", input: { command: "x" }, success: false, error: "boom" }],
      result: "Second"
    })
  })

  it("errors without content fail; errors with content do not; throws and signals always fail without `result`", () => {
    const failed = new ResultFold()
    failed.push({ type: "error", message: "HTTP 401", source: "api", recoverable: false })
    expect(failed.finish(end)).toMatchObject({ subtype: "error_during_execution", is_error: true, errors: ["HTTP 401"] })
    expect(failed.finish(end)).not.toHaveProperty("result")

    const recovered = new ResultFold()
    recovered.push({ type: "error", message: "hook", source: "hook", recoverable: true })
    recovered.push({ type: "content_delta", message_id: "m", delta: "ok" })
    recovered.push({ type: "message_end", message_id: "m", content: "ok", tool_calls: 0 })
    expect(recovered.finish(end)).toMatchObject({ subtype: "success", is_error: false, result: "ok", errors: ["hook"] })
    expect(recovered.finish({ ...end, signal: "SIGTERM" })).toMatchObject({ subtype: "error_during_execution", errors: ["hook", "Interrupted by SIGTERM"] })
    expect(recovered.finish({ ...end, maxTurnsHit: true })).toMatchObject({ subtype: "error_max_turns", is_error: true, result: "ok" })
    expect(new ResultFold().finish({ ...end, thrown: "boom" })).toMatchObject({ subtype: "error_during_execution", errors: ["boom"] })
  })
})
