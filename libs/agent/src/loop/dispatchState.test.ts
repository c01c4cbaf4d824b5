import { assert, describe, it } from "@effect/vitest"
import { initialState } from "./AgentState.js"
import { enqueue, startLoading, stop, stopLoading, takeBatch } from "./dispatchState.js"

describe("the queue and isLoading state machine", () => {
  it("enqueue on an idle agent claims it in the same step: loading, message queued, dispatch asked for", () => {
    const [dispatch, state] = enqueue("a")(initialState)
    assert.isTrue(dispatch)
    assert.isTrue(state.loading)
    assert.deepStrictEqual(state.queue, ["a"])
  })

  it("enqueue on a loading agent only queues", () => {
    const [dispatch, state] = enqueue("b")(enqueue("a")(initialState)[1])
    assert.isFalse(dispatch)
    assert.deepStrictEqual(state.queue, ["a", "b"])
  })

  it("enqueue on a stopped agent queues nothing for dispatch", () => {
    const [dispatch, state] = enqueue("a")(stop(initialState))
    assert.isFalse(dispatch)
    assert.isFalse(state.loading)
  })

  it("takeBatch takes every queued message at once and stays loading", () => {
    const queued = enqueue("b")(enqueue("a")(initialState)[1])[1]
    const [batch, state] = takeBatch(queued)
    assert.deepStrictEqual(batch, ["a", "b"])
    assert.deepStrictEqual(state.queue, [])
    assert.isTrue(state.loading)
  })

  it("takeBatch on an empty queue ends the loop and drops loading in the same step", () => {
    const [batch, state] = takeBatch(startLoading(initialState))
    assert.isUndefined(batch)
    assert.isFalse(state.loading)
  })

  it("takeBatch on a stopped agent ends the loop even with messages queued", () => {
    const [batch, state] = takeBatch(stop(enqueue("a")(initialState)[1]))
    assert.isUndefined(batch)
    assert.isFalse(state.loading)
  })

  it("a message queued while a batch runs keeps the agent loading until it is taken", () => {
    const running = takeBatch(enqueue("a")(initialState)[1])[1]
    const [dispatch, queued] = enqueue("notification")(running)
    assert.isFalse(dispatch) // the running loop takes it
    const [batch, next] = takeBatch(queued)
    assert.deepStrictEqual(batch, ["notification"])
    assert.isTrue(next.loading)
  })

  it("startLoading and stopLoading set isLoading (runToCompletion, a failed loop)", () => {
    assert.isTrue(startLoading(initialState).loading)
    assert.isFalse(stopLoading(startLoading(initialState)).loading)
  })
})
