import { Compile } from "typebox/compile"
import { describe, expect, it } from "vitest"
import { Result, StreamEvent, WaveSchemas } from "./index.js"

const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }
const base = { type: "result", seq: 5, num_turns: 1, duration_ms: 3, usage, model_usage: {}, tool_calls: [] }

describe("wave schemas", () => {
  const result = Compile(Result)
  const event = Compile(StreamEvent)
  it("accepts a success result and rejects an error result that carries `result`", () => {
    expect(result.Check({ ...base, subtype: "success", is_error: false, result: "hi", session_id: "x" })).toBe(true)
    expect(result.Check({ ...base, subtype: "error_during_execution", is_error: true, errors: ["boom"] })).toBe(true)
    expect(result.Check({ ...base, subtype: "error_during_execution", is_error: true, errors: ["b"], result: "" }))
      .toBe(false)
    expect(result.Check({ ...base, subtype: "success", is_error: true, result: "hi" })).toBe(false)
    expect(result.Check({ ...base, subtype: "success", is_error: false, result: "hi", total_cost_usd: 0.5, duration_api_ms: 3 })).toBe(true)
    expect(result.Check({ ...base, subtype: "success", is_error: false, result: "hi", total_cost_usd: -1 })).toBe(false)
    expect(result.Check({ ...base, subtype: "success", is_error: false, result: "hi", cost_usd: 0.5 })).toBe(false)
  })
  it("accepts each stream event kind and rejects unknown fields", () => {
    expect(event.Check({ type: "assistant", subtype: "content_delta", seq: 2, message_id: "m", delta: "x" })).toBe(true)
    expect(event.Check({ type: "assistant", subtype: "content_delta", seq: 2, message_id: "m", delta: "" })).toBe(false)
    expect(event.Check({ type: "tool", subtype: "start", seq: 3, id: "t", name: "Agent", input: "{bad" })).toBe(true)
    expect(event.Check({ type: "error", seq: 1, message: "m", source: "api", recoverable: false, x: 1 })).toBe(false)
  })
  it("registers every schema with a title", () => {
    for (const schema of Object.values(WaveSchemas)) expect(typeof (schema as { title?: unknown }).title).toBe("string")
  })
})
