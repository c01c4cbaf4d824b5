import type { ObservedNode } from "@agent-desktop/platform"
import { describe, expect, it } from "vitest"
import { visiblePart } from "./visiblePart.js"

const node = (role: ObservedNode["role"], path: Array<number>, bounds: ObservedNode["bounds"], children?: Array<ObservedNode>): ObservedNode => ({
  role, states: [], actions: [], path, handle: path.join("/"), childCount: children?.length ?? 0,
  ...(bounds === undefined ? {} : { bounds }), ...(children ? { children } : {})
})

describe("visiblePart", () => {
  const list = node("list", [0, 0], { x: 0, y: 100, width: 488, height: 100_000 })
  const far = node("row", [0, 1], { x: 0, y: 50_000, width: 488, height: 20 })
  const scroller = node("scrollarea", [0], { x: 0, y: 100, width: 500, height: 800 }, [list, far])
  const root = node("window", [], { x: 0, y: 0, width: 800, height: 900 }, [scroller])

  it("a list whose full extent runs past its window is aimed at its part inside its scroll area", () => {
    const part = visiblePart(root, list, root.bounds)
    expect(part).toEqual({ x: 0, y: 100, width: 488, height: 800 })
  })

  it("an element scrolled out of its viewport has no visible part", () => {
    expect(visiblePart(root, far, root.bounds)).toBeUndefined()
  })

  it("without viewports, the window clips", () => {
    const wide = node("button", [0], { x: 700, y: 10, width: 300, height: 20 })
    expect(visiblePart(node("window", [], undefined, [wide]), wide, { x: 0, y: 0, width: 800, height: 900 })).toEqual({ x: 700, y: 10, width: 100, height: 20 })
  })
})
