import { assert, describe, it } from "@effect/vitest"
import { matchItem } from "./select.js"

describe("matchItem", () => {
  const names = ["Banana split", " banana ", "Cherry"]

  it("an exact name (trimmed, any case) wins over an earlier partial match", () => {
    assert.strictEqual(matchItem(names, "BANANA"), 1)
  })

  it("else the first name that contains the value", () => {
    assert.strictEqual(matchItem(names, "split"), 0)
    assert.strictEqual(matchItem(names, "err"), 2)
  })

  it("no match is -1", () => {
    assert.strictEqual(matchItem(names, "durian"), -1)
  })
})
