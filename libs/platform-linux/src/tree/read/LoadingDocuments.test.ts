import { describe, expect, it } from "vitest"
import { AtspiState, StateSet } from "../../atspi/States.js"
import type { RawNode } from "../RawNode.js"
import type { RawTree } from "../RawTree.js"
import { markLoading } from "./LoadingDocuments.js"

const raw = (role: number, ...states: Array<number>): RawNode => ({
  ref: { busName: ":1.1", path: `/o/${role}/${states.join("-")}` }, role, name: "", description: "", states: StateSet.of(...states), interfaces: [], childCount: 0
})
const tree = (node: RawNode, children: Array<RawTree> = []): RawTree => ({ node, path: [], children })

describe("markLoading", () => {
  it("marks a showing web document in BUSY state; a loaded one, a background tab's or a busy button are not", () => {
    const loading = raw(95, AtspiState.busy, AtspiState.showing)
    const loaded = raw(95, AtspiState.showing)
    const background = raw(95, AtspiState.busy)
    const button = raw(43, AtspiState.busy, AtspiState.showing)
    const window = tree(raw(23, AtspiState.showing), [tree(loading), tree(loaded), tree(background), tree(button)])
    expect(markLoading(window)).toBe(1)
    expect(loading.loading).toBe(true)
    expect([loaded.loading, background.loading, button.loading]).toEqual([undefined, undefined, undefined])
  })
})
