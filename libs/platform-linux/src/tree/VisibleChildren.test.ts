import { describe, expect, it } from "@effect/vitest"
import { hitGrid } from "./VisibleChildren.js"

describe("hitGrid", () => {
  it("covers an area with one point per cell-sized step, row by row", () => {
    expect(hitGrid({ x: 0, y: 0, width: 20, height: 10 }, { width: 10, height: 5 }, 100)).toEqual([
      [5, 3], [15, 3], [5, 8], [15, 8]
    ])
  })

  it("never exceeds its bound", () => {
    expect(hitGrid({ x: 0, y: 0, width: 10_000, height: 10_000 }, { width: 1, height: 1 }, 50)).toHaveLength(50)
  })
})
