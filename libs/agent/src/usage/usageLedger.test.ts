import { describe, expect, it } from "vitest"
import { emptyUsageLedger, recordUsage, type UsageRecord } from "./usageLedger.js"

describe("usageLedger", () => {
  it("adds every call into the totals and per model; sub-agent and memory calls count as subagent_calls", () => {
    const calls: Array<UsageRecord> = [
      { model: "a", source: "main", usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
      { model: "b", source: "subagent", usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11, cache_creation_input_tokens: 5 } },
      { model: "a", source: "memory", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cache_read_input_tokens: 1 } }
    ]
    const ledger = calls.reduce(recordUsage, emptyUsageLedger)
    expect(ledger).toEqual({
      totals: { prompt_tokens: 13, completion_tokens: 4, total_tokens: 17, input_tokens: 7, output_tokens: 4, cache_creation_input_tokens: 5, cache_read_input_tokens: 1 },
      byModel: {
        a: { model: "a", prompt_tokens: 4, completion_tokens: 2, total_tokens: 6, input_tokens: 3, output_tokens: 2, requests: 2, operations: { agent_calls: 1, subagent_calls: 1 }, cache_read_input_tokens: 1 },
        b: { model: "b", prompt_tokens: 9, completion_tokens: 2, total_tokens: 11, input_tokens: 4, output_tokens: 2, requests: 1, operations: { agent_calls: 0, subagent_calls: 1 }, cache_creation_input_tokens: 5 }
      }
    })
    // Key order is output: cache keys in first-seen order, models in first-used order.
    expect(JSON.stringify(ledger.totals)).toBe(
      '{"prompt_tokens":13,"completion_tokens":4,"total_tokens":17,"input_tokens":7,"output_tokens":4,"cache_creation_input_tokens":5,"cache_read_input_tokens":1}'
    )
    expect(Object.keys(ledger.byModel)).toEqual(["a", "b"])
    expect(Object.keys(ledger.byModel["a"] ?? {})).toEqual(
      ["model", "prompt_tokens", "completion_tokens", "total_tokens", "input_tokens", "output_tokens", "requests", "operations", "cache_read_input_tokens"]
    )
  })

  it("never changes the ledger it was given", () => {
    const once = recordUsage(emptyUsageLedger, { model: "m", source: "main", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })
    recordUsage(once, { model: "m", source: "main", usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })
    expect(emptyUsageLedger).toEqual({ totals: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, input_tokens: 0, output_tokens: 0 }, byModel: {} })
    expect(once.totals.total_tokens).toBe(2)
    expect(once.byModel["m"]?.requests).toBe(1)
  })
})
