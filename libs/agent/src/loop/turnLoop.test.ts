import { assert, describe, it } from "@effect/vitest"
import type { Completion } from "../provider/ChatTypes.js"
import { assistantMessage } from "./turnLoop.js"

const completion = (fields: Partial<Completion>): Completion => ({
  model: "m",
  content: "",
  reasoning: "",
  toolCalls: [],
  finishReason: "stop",
  usage: undefined,
  ...fields
})

describe("assistantMessage", () => {
  it("a plain answer is its text", () => {
    assert.deepStrictEqual(assistantMessage(completion({ content: "hi" })), { role: "assistant", content: "hi" })
  })

  it("a tool-calling answer without text has null content, its reasoning and its calls", () => {
    assert.deepStrictEqual(
      assistantMessage(completion({ reasoning: "think", toolCalls: [{ id: "c1", name: "Bash", arguments: "{}" }] })),
      {
        role: "assistant",
        content: null,
        reasoning_content: "think",
        tool_calls: [{ id: "c1", type: "function", function: { name: "Bash", arguments: "{}" } }]
      }
    )
  })
})
