import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { ModelHttpError } from "../provider/ModelError.js"
import { ModelProvider } from "../provider/ModelProvider.js"
import { failure, type Tool } from "../tools/Tool.js"
import { Agent } from "./Agent.js"
import type { AgentEvent } from "./AgentEvent.js"

const refusing = ModelProvider.of({
  model: "m",
  complete: () => Effect.fail(new ModelHttpError({ status: 401, detail: "bad key", retryAfterMs: undefined }))
})

const tool = (name: string): Tool => ({
  name,
  description: name,
  parameters: { type: "object", properties: {} },
  run: () => Effect.succeed(failure("unused"))
})

describe("Agent.runToCompletion", () => {
  it.effect("a failed model call is part of the answer (no text, its error), besides the error block", () =>
    Effect.gen(function*() {
      const events: Array<AgentEvent> = []
      const agent = yield* Agent.make({
        sessionId: "s",
        model: "m",
        systemPrompt: "sub",
        tools: () => [],
        emit: (event) => events.push(event),
        source: "subagent"
      })
      const answer = yield* agent.runToCompletion("go")
      const message = "Model API returned HTTP 401: bad key"
      assert.deepStrictEqual(answer, { text: "", errors: [message] })
      assert.deepStrictEqual(events.filter((e) => e.type === "error").map((e) => e.type === "error" && e.message), [message])
      assert.isFalse((yield* agent.snapshot).loading)
      yield* agent.destroy()
    }).pipe(Effect.provideService(ModelProvider, refusing)))

  it.effect("toolNames are the names the system prompt was written from, in order", () =>
    Effect.gen(function*() {
      const agent = yield* Agent.make({
        sessionId: "s",
        model: "m",
        systemPrompt: (names) => `tools: ${names.join(",")}`,
        tools: () => [tool("Bash"), tool("Agent")],
        emit: () => {},
        source: "main"
      })
      assert.deepStrictEqual(agent.toolNames, ["Bash", "Agent"])
      assert.deepStrictEqual((yield* agent.snapshot).messages, [{ role: "system", content: "tools: Bash,Agent" }])
      yield* agent.destroy()
    }).pipe(Effect.provideService(ModelProvider, refusing)))
})
