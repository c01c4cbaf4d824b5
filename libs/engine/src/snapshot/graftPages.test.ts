import type { ObservedNode } from "@agent-desktop/platform"
import { describe, expect, it } from "vitest"
import { graftPages } from "./graftPages.js"

const node = (path: Array<number>, children?: Array<ObservedNode>, extra: Partial<ObservedNode> = {}): ObservedNode => ({
  role: "row", states: [], actions: [], path, handle: `h${path.join("/")}`, childCount: children?.length ?? 0, ...(children ? { children } : {}), ...extra
})

describe("graftPages", () => {
  it("puts rows of other pages beside the page read, in index order, once each, and leaves other branches shared", () => {
    const other = node([0], [node([0, 0])])
    const table = node([1], [node([1, 0]), node([1, 1])], { paged: true, childCount: 5000, role: "table" })
    const root = node([], [other, table], { role: "window" })
    const grafted = graftPages(root, [node([1, 4000]), node([1, 2500]), node([1, 1])])
    expect(grafted.children![0]).toBe(other)
    expect(grafted.children![1]!.children!.map((child) => child.path[1])).toEqual([0, 1, 2500, 4000])
    expect(grafted.children![1]!.paged).toBe(true)
    // The read itself is not changed.
    expect(table.children!.length).toBe(2)
  })

  it("nothing found: the same read", () => {
    const root = node([], [node([0])], { role: "window" })
    expect(graftPages(root, [])).toBe(root)
  })
})
