import { assert, describe, it } from "@effect/vitest"
import type { AgentEvent } from "./AgentEvent.js"
import { streamHandlers } from "./streamHandlers.js"

describe("streamHandlers", () => {
  it("a discarded attempt voids its id; the retry streams under a fresh one that message_end uses", () => {
    const events: Array<AgentEvent> = []
    const stream = streamHandlers((event) => events.push(event))
    stream.handlers.onContent("par")
    const first = stream.messageId()
    stream.handlers.onDiscard()
    stream.handlers.onReasoning("r")
    stream.handlers.onContent("full")
    const second = stream.messageId()
    assert.notStrictEqual(first, second)
    assert.deepStrictEqual(events, [
      { type: "content_delta", message_id: first, delta: "par" },
      { type: "message_discard", message_id: first },
      { type: "reasoning_delta", message_id: second, delta: "r" },
      { type: "content_delta", message_id: second, delta: "full" }
    ])
  })
})
