import { describe, expect, it } from "vitest"
import { type CompletionDelta, completionOf, completionStep, type CompletionState, emptyCompletion } from "./completionState.js"

const chunk = (delta: object, finish: string | null = null) =>
  JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })

/** Feeds payloads in order; answers the last record and every delta, as the handlers would see them. */
const fold = (payloads: ReadonlyArray<string>): readonly [CompletionState, ReadonlyArray<string>] =>
  payloads.reduce<readonly [CompletionState, ReadonlyArray<string>]>(([state, seen], payload) => {
    const [next, deltas] = completionStep(state, payload)
    return [next, [...seen, ...deltas.map((d: CompletionDelta) => `${d.kind === "content" ? "c" : "r"}:${d.text}`)]]
  }, [emptyCompletion("m"), []])

describe("completionState", () => {
  it("assembles interleaved tool-call fragments by index and forwards deltas", () => {
    const [state, seen] = fold([
      chunk({ reasoning_content: "think" }),
      chunk({ content: "He" }),
      chunk({ content: "llo" }),
      chunk({ tool_calls: [{ index: 0, id: "a", type: "function", function: { name: "x", arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 1, id: "b", type: "function", function: { name: "y", arguments: "{\"q\"" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: "{\"p\":1}" } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ":2}" } }] }, "tool_calls"),
      "{oops",
      JSON.stringify({
        choices: [],
        usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13, prompt_tokens_details: { cached_tokens: 4 } }
      })
    ])
    const result = completionOf(state)
    expect(seen).toEqual(["r:think", "c:He", "c:llo"])
    expect(result.content).toBe("Hello")
    expect(result.toolCalls).toEqual([
      { id: "a", name: "x", arguments: "{\"p\":1}" },
      { id: "b", name: "y", arguments: "{\"q\":2}" }
    ])
    expect(result.finishReason).toBe("tool_calls")
    expect(result.usage).toEqual({ prompt_tokens: 10, completion_tokens: 3, total_tokens: 13, cache_read_input_tokens: 4 })
    expect(state.malformed).toBe(1)
  })

  it("fragments without an index continue the last call, a new id opens the next; missing ids are call_<index>", () => {
    const [state] = fold([
      chunk({ tool_calls: [{ function: { name: "Bash", arguments: "{\"a\"" } }] }),
      chunk({ tool_calls: [{ function: { arguments: ":1}" } }] }),
      chunk({ tool_calls: [{ id: "z", function: { name: "Agent", arguments: "{}" } }] })
    ])
    expect(completionOf(state).toolCalls).toEqual([
      { id: "call_0", name: "Bash", arguments: "{\"a\":1}" },
      { id: "z", name: "Agent", arguments: "{}" }
    ])
    expect(state.emitted).toBe(false)
  })

  it("a reasoning and a content delta in one chunk are both answered, reasoning first; empty deltas are not", () => {
    const [state, deltas] = completionStep(emptyCompletion("m"), chunk({ reasoning_content: "r", content: "c" }))
    expect(deltas).toEqual([{ kind: "reasoning", text: "r" }, { kind: "content", text: "c" }])
    expect(state.emitted).toBe(true)
    const [quiet, none] = completionStep(emptyCompletion("m"), chunk({ content: "", reasoning_content: null }))
    expect(none).toEqual([])
    expect(quiet.emitted).toBe(false)
    expect(completionStep(emptyCompletion("m"), "42")[0].malformed).toBe(1)
  })
})
