import { describe, expect, it } from "vitest"
import { defaultReadLimits } from "../ReadLimits.js"
import type { ReadOptions } from "../ReadOptions.js"
import { focusIndex, pagedIndexes, pagingOptions } from "./ChildPages.js"
import type { ReadContext } from "./ReadContext.js"

const context = (options: Partial<ReadOptions> = {}) =>
  ({ limits: { ...defaultReadLimits, maxChildrenPerNode: 10 }, options: { maxDepth: 64, deadline: 0, ...options } }) as unknown as ReadContext

describe("pagedIndexes", () => {
  it("reads a container of up to a page whole, and a bigger one by its first page", () => {
    expect(pagedIndexes(context(), [0], 10)).toBeUndefined()
    expect(pagedIndexes(context(), [0], 50_000)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it("reads the page a drill-down asks for, clamped to the container and to one page", () => {
    const pages = pagingOptions({ maxDepth: 64, deadline: 0, pages: [{ path: [2, 1], from: 45 }] }).pages!
    expect(pagedIndexes(context({ pages }), [2, 1], 50)).toEqual([45, 46, 47, 48, 49])
    expect(pagedIndexes(context({ pages }), [2, 1], 100)).toEqual([45, 46, 47, 48, 49, 50, 51, 52, 53, 54])
    // Another container of the same read keeps its first page.
    expect(pagedIndexes(context({ pages }), [2, 0], 100)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it("reads only the children on the paths a read must include (a ref's saved place), when they exist", () => {
    const focus = focusIndex([[0, 3, 40_000, 1], [0, 3, 7]])
    expect(pagedIndexes(context({ focus }), [0, 3], 50_000)).toEqual([7, 40_000])
    // A path past the container's end (rows removed since): its first page.
    expect(pagedIndexes(context({ focus: focusIndex([[0, 3, 60_000]]) }), [0, 3], 50_000)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })
})
