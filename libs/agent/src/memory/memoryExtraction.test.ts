import { assert, describe, it } from "@effect/vitest"
import { hadPrompt, memoryDue, transcriptOf } from "./memoryExtraction.js"

describe("memory extraction schedule and transcript", () => {
  it("a batch of task notifications only is not a prompt; one with a user message is", () => {
    assert.isFalse(hadPrompt(["<task-notification>\n<task-id>t1</task-id>", "<task-notification>x"]))
    assert.isTrue(hadPrompt(["<task-notification>x", "remember my name"]))
    assert.isFalse(hadPrompt([]))
  })

  it("memory is due after every frequency-th prompt batch", () => {
    assert.deepStrictEqual([1, 2, 3, 4, 5, 6].filter((count) => memoryDue(count, 3)), [3, 6])
    assert.deepStrictEqual([1, 2, 3].filter((count) => memoryDue(count, 1)), [1, 2, 3])
  })

  it("the transcript keeps user and assistant text in order; tool-calling turns read as empty", () => {
    assert.strictEqual(
      transcriptOf([
        { role: "system", content: "sys" },
        { role: "user", content: "hi" },
        { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "Bash", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "c", content: "out" },
        { role: "assistant", content: "done" }
      ]),
      "user: hi\nassistant: \nassistant: done"
    )
  })
})
