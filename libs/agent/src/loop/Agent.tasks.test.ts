import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect } from "effect"
import { ModelProvider } from "../provider/ModelProvider.js"
import { Agent } from "./Agent.js"
import { awaitSettled } from "./settle.js"

// Background-task plumbing only: no message is queued, so the model is never asked.
const noModel = ModelProvider.of({ model: "m", complete: () => Effect.die("the model is not part of this test") })

const makeAgent = Agent.make({
  sessionId: "s",
  model: "m",
  systemPrompt: (tools) => `tools: ${tools.join(",")}`,
  tools: () => [],
  emit: () => {},
  source: "main"
}).pipe(Effect.provideService(ModelProvider, noModel))

describe("Agent background tasks", () => {
  it.effect("killAll interrupts what runs, marks it killed, queues no notification and stops the agent", () =>
    Effect.gen(function*() {
      const agent = yield* makeAgent
      const started = yield* Deferred.make<void>()
      const interrupted = yield* Deferred.make<void>()
      const task = yield* agent.startBackground(
        { type: "agent", description: "forever", notify: true },
        Deferred.succeed(started, undefined).pipe(
          Effect.andThen(Effect.never),
          Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))
        )
      )
      yield* Deferred.await(started)
      assert.deepStrictEqual((yield* agent.settleState).pending, [{ task_id: task.id, type: "agent", description: "forever" }])
      const killed = yield* agent.killAll()
      assert.deepStrictEqual(killed.map((t) => [t.id, t.status]), [[task.id, "killed"]])
      yield* Deferred.await(interrupted)
      const state = yield* agent.snapshot
      assert.deepStrictEqual(state.tasks.map((t) => t.status), ["killed"])
      assert.deepStrictEqual([state.queue, state.stopped, state.loading], [[], true, false])
      assert.deepStrictEqual(state.messages, [{ role: "system", content: "tools: " }])
      yield* agent.destroy()
    }))

  it.live("a silent task that ends leaves nothing queued and the agent idle", () =>
    Effect.gen(function*() {
      const agent = yield* makeAgent
      const done = yield* Deferred.make<string, string>()
      yield* agent.startBackground({ type: "memory", description: "memory", notify: false }, Deferred.await(done))
      yield* Deferred.succeed(done, "saved")
      assert.isTrue((yield* awaitSettled(agent.settleState, { maxWaitMs: 10_000, pollMs: 1 })).settled)
      const state = yield* agent.snapshot
      assert.deepStrictEqual(state.tasks.map((t) => [t.status, t.summary]), [["completed", "saved"]])
      assert.deepStrictEqual(yield* agent.settleState, { pending: [], loading: false, queued: 0 })
      yield* agent.destroy()
    }))
})
