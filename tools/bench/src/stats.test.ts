import { assert, describe, it } from "@effect/vitest"
import { median, ratioTable } from "./stats.js"

describe("stats", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    assert.strictEqual(median([3, 1, 2]), 2)
    assert.strictEqual(median([4, 1, 3, 2]), 2.5)
  })

  it("prints ratios against the baseline row", () => {
    const table = ratioTable([{ name: "base", ms: 40 }, { name: "cli", ms: 60 }], "base")
    assert.match(table, /cli\s+60\.0\s+1\.50x/)
    assert.match(table, /base\s+40\.0\s+1\.00x/)
  })
})
