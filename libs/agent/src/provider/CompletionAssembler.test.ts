import { describe, expect, it } from "vitest"
import { CompletionAssembler } from "./CompletionAssembler.js"

const chunk = (delta: object, finish: string | null = null) =>
  JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })

describe("CompletionAssembler", () => {
  it("assembles interleaved tool-call fragments by index and forwards deltas", () => {
    const seen: Array<string> = []
    const assembler = new CompletionAssembler("m", {
      onContent: (d) => seen.push(`c:${d}`),
      onReasoning: (d) => seen.push(`r:${d}`),
      onDiscard: () => seen.push("discard")
    })
    assembler.pushPayload(chunk({ reasoning_content: "think" }))
    assembler.pushPayload(chunk({ content: "He" }))
    assembler.pushPayload(chunk({ content: "llo" }))
    assembler.pushPayload(chunk({ tool_calls: [{ index: 0, id: "a", type: "function", function: { name: "x", arguments: "" } }] }))
    assembler.pushPayload(chunk({ tool_calls: [{ index: 1, id: "b", type: "function", function: { name: "y", arguments: "{\"q\"" } }] }))
    assembler.pushPayload(chunk({ tool_calls: [{ index: 0, function: { arguments: "{\"p\":1}" } }] }))
    assembler.pushPayload(chunk({ tool_calls: [{ index: 1, function: { arguments: ":2}" } }] }, "tool_calls"))
    assembler.pushPayload("{oops")
    assembler.pushPayload(JSON.stringify({
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13, prompt_tokens_details: { cached_tokens: 4 } }
    }))
    const result = assembler.result()
    expect(seen).toEqual(["r:think", "c:He", "c:llo"])
    expect(result.content).toBe("Hello")
    expect(result.toolCalls).toEqual([
      { id: "a", name: "x", arguments: "{\"p\":1}" },
      { id: "b", name: "y", arguments: "{\"q\":2}" }
    ])
    expect(result.finishReason).toBe("tool_calls")
    expect(result.usage).toEqual({ prompt_tokens: 10, completion_tokens: 3, total_tokens: 13, cache_read_input_tokens: 4 })
    expect(assembler.malformed).toBe(1)
  })
})
