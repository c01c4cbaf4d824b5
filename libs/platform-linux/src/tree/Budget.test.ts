import { assert, describe, it } from "@effect/vitest"
import { Budget, BudgetExpired } from "./Budget.js"

describe("Budget", () => {
  it("after a missed per-call timeout (abandon) no further call gets a timeout: nothing more is queued on a busy app", () => {
    const budget = new Budget(Date.now() + 60_000, 3000)
    assert.strictEqual(budget.callTimeout(), 3000)
    budget.abandon()
    assert.isTrue(budget.expired)
    assert.throws(() => budget.callTimeout(), BudgetExpired)
    assert.throws(() => budget.bulkCallTimeout(10_000), BudgetExpired)
    assert.isTrue(budget.abandoned, "an app that missed a call's timeout is reported unresponsive")
  })

  it("a read stopped by its deadline is not an unresponsive app (a longer deadline would help there)", () => {
    const budget = new Budget(Date.now() + 60_000, 3000)
    budget.abandonQuietly()
    assert.isTrue(budget.expired)
    assert.throws(() => budget.callTimeout(), BudgetExpired)
    assert.isFalse(budget.abandoned)
  })

  it("gives one bulk call (Cache.GetItems) longer than a per-call timeout, never past the deadline", () => {
    assert.strictEqual(new Budget(Date.now() + 60_000, 3000).bulkCallTimeout(10_000), 10_000)
    assert.isAtMost(new Budget(Date.now() + 2000, 3000).bulkCallTimeout(10_000), 2000)
  })
})
