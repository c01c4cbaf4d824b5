import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { awaitSettled, type SettleProbe } from "./settle.js"

const probe = (state: { running: boolean; loading: boolean; queued: number }): SettleProbe =>
  Effect.sync(() => ({
    pending: state.running ? [{ task_id: "t1", type: "agent", description: "d" }] : [],
    loading: state.loading,
    queued: state.queued
  }))

describe("awaitSettled (exit wait, story 4)", () => {
  it.effect("4.2: the last task completed but the agent is mid-turn (isLoading): keep waiting", () =>
    Effect.gen(function*() {
      const state = { running: true, loading: false, queued: 0 }
      const fiber = yield* Effect.forkChild(awaitSettled(probe(state), { maxWaitMs: 60_000, pollMs: 500 }))
      yield* TestClock.adjust("1 second")
      state.running = false
      state.loading = true // the task's notification is being handled
      yield* TestClock.adjust("5 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      state.loading = false
      yield* TestClock.adjust("1 second")
      const result = yield* Fiber.join(fiber)
      assert.isTrue(result.settled)
    }))

  it.effect("4.3: a queued notification (agent idle, nothing running) keeps the wait going", () =>
    Effect.gen(function*() {
      const state = { running: false, loading: false, queued: 1 }
      const fiber = yield* Effect.forkChild(awaitSettled(probe(state), { maxWaitMs: 60_000, pollMs: 500 }))
      yield* TestClock.adjust("10 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      state.queued = 0
      yield* TestClock.adjust("1 second")
      assert.isTrue((yield* Fiber.join(fiber)).settled)
    }))

  it.effect("D7: stops at the ceiling and beats while background work runs", () =>
    Effect.gen(function*() {
      const state = { running: true, loading: false, queued: 0 }
      const beats: Array<number> = []
      const fiber = yield* Effect.forkChild(awaitSettled(probe(state), {
        maxWaitMs: 10_000,
        pollMs: 100,
        heartbeatMs: 3_000,
        onHeartbeat: (pending) => beats.push(pending.length)
      }))
      yield* TestClock.adjust("11 seconds")
      const result = yield* Fiber.join(fiber)
      assert.isFalse(result.settled)
      assert.deepStrictEqual(beats, [1, 1, 1])
    }))
})
