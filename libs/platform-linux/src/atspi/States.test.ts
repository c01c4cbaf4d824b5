import { assert, describe, it } from "@effect/vitest"
import { AtspiState, StateSet } from "./States.js"

describe("StateSet", () => {
  it("of(...) and words() give the two unsigned words of the bus, and from() reads them back", () => {
    const states = [AtspiState.enabled, AtspiState.managesDescendants, AtspiState.indeterminate, AtspiState.readOnly]
    const words = StateSet.of(...states).words()
    assert.deepStrictEqual(words, [((1 << 8) | 2 ** 31) >>> 0, (1 << 0) | (1 << 11)])
    assert.deepStrictEqual(StateSet.from(words).numbers(), states)
  })
})
