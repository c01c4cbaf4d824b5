import { finish, match, reply, sse, startFakeModel, toolCall } from "@agent-desktop/fake-model"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ModelConfig } from "../config/ModelConfig.js"
import { ModelProvider } from "../provider/ModelProvider.js"
import { agentTool } from "../tools/AgentTool.js"
import { Agent } from "./Agent.js"
import type { AgentEvent } from "./AgentEvent.js"
import { awaitSettled, isBusy } from "./settle.js"

const script = {
  rules: [
    { name: "sub", match: match.firstUserContains("BG_TASK"), delayMs: 50, reply: reply("BG_DONE") },
    { name: "wrap", match: match.lastUserContains("<task-notification>"), reply: sse([...Array.from({ length: 5 }, () => ({ kind: "pause" as const, ms: 20 })), { kind: "chunk" as const, chunk: { choices: [{ index: 0, delta: { content: "wrapped up" }, finish_reason: "stop" }] } }]) },
    { name: "ack", match: match.lastIsToolResult, reply: reply("started") },
    { name: "main", match: match.always, reply: sse([toolCall({ id: "bg", name: "Agent", args: { description: "bg", prompt: "BG_TASK", run_in_background: true } }), finish("tool_calls")]) }
  ]
}

describe("Agent loop with a background sub-agent (real HTTP)", () => {
  it.live("the exit wait never sees a gap between the task's completion and the wrap-up turn", () =>
    Effect.acquireUseRelease(
      Effect.promise(() => startFakeModel(script)),
      (fake) =>
        Effect.gen(function*() {
          const provider = yield* ModelProvider
          for (let round = 0; round < 3; round++) {
            const events: Array<AgentEvent> = []
            const emit = (event: AgentEvent) => events.push(event)
            const makeSub = (options: { prompt: string; subagentType: string; emit: (e: AgentEvent) => void }) =>
              Agent.make({ sessionId: "s", model: "m", systemPrompt: "sub", tools: () => [], emit: options.emit, source: "subagent" })
                .pipe(Effect.provideService(ModelProvider, provider))
            const agent = yield* Agent.make({
              sessionId: "s",
              model: "m",
              systemPrompt: "main",
              tools: (host) => [agentTool(host, makeSub, emit)],
              emit,
              source: "main"
            })
            yield* agent.enqueue("start a background task")
            assert.isTrue(isBusy(yield* agent.settleState)) // isLoading is set synchronously on dispatch
            const waited = yield* awaitSettled(agent.settleState, { maxWaitMs: 10_000, pollMs: 1 })
            assert.isTrue(waited.settled)
            const state = yield* agent.snapshot
            assert.strictEqual(state.lastText, "wrapped up")
            assert.strictEqual(state.tasks[0]?.status, "completed")
            assert.isTrue(events.some((e) => e.type === "tool_end" && e.name === "Agent" && e.success))
            yield* agent.destroy()
          }
          assert.strictEqual(fake.requests.filter((r) => r.rule === "wrap").length, 3)
        }).pipe(Effect.provide(ModelProvider.layer.pipe(Layer.provide(ModelConfig.layer({
          provider: "openai",
          baseUrl: fake.url,
          apiKey: undefined,
          model: "m",
          maxRetries: 0,
          retryBaseMs: 1,
          requestTimeoutMs: 10_000,
          retryBudgetMs: 60_000,
          maxOutputTokens: undefined
        }))))),
      (fake) => Effect.promise(() => fake.close())
    ))
})
