import { assert, describe, it } from "@effect/vitest"
import {
  addMessage,
  answerOf,
  completeTurn,
  failTurn,
  hitMaxTurns,
  initialState,
  maxTurnsReached,
  startConversation
} from "./AgentState.js"

describe("AgentState transitions", () => {
  it("startConversation puts the system prompt before the restored history", () => {
    const state = startConversation("sys", [{ role: "user", content: "earlier" }])(initialState)
    assert.deepStrictEqual(state.messages, [{ role: "system", content: "sys" }, { role: "user", content: "earlier" }])
  })

  it("addMessage appends without touching the previous state", () => {
    const before = startConversation("sys", [])(initialState)
    const after = addMessage({ role: "user", content: "hi" })(before)
    assert.strictEqual(before.messages.length, 1)
    assert.deepStrictEqual(after.messages.at(-1), { role: "user", content: "hi" })
  })

  it("completeTurn counts the turn, keeps the last text, and remembers that content was produced", () => {
    const once = completeTurn("answer")(initialState)
    const twice = completeTurn("")(once)
    assert.deepStrictEqual([once.turns, once.lastText, once.producedContent], [1, "answer", true])
    assert.deepStrictEqual([twice.turns, twice.lastText, twice.producedContent], [2, "", true])
    assert.isFalse(completeTurn("")(initialState).producedContent)
  })

  it("the turn limit is reached at maxTurns completed turns, never without a limit", () => {
    const two = completeTurn("b")(completeTurn("a")(initialState))
    assert.isFalse(maxTurnsReached(3, two))
    assert.isTrue(maxTurnsReached(2, two))
    assert.isFalse(maxTurnsReached(undefined, two))
    assert.isTrue(hitMaxTurns(two).maxTurnsHit)
  })

  it("failTurn keeps each failed model call's message; answerOf is the last text with those failures", () => {
    const failed = failTurn("second")(failTurn("first")(initialState))
    assert.deepStrictEqual(failed.errors, ["first", "second"])
    assert.deepStrictEqual(initialState.errors, [])
    assert.deepStrictEqual(answerOf(completeTurn("partial")(failed)), { text: "partial", errors: ["first", "second"] })
    assert.deepStrictEqual(answerOf(initialState), { text: "", errors: [] })
  })
})
