import { assert, describe, it } from "@effect/vitest"
import { AtspiState } from "../../atspi/States.js"
import { rawNode, stateSet, visibleStates } from "../testing/rawNode.js"
import { clickPath } from "./click.js"

describe("clickPath", () => {
  it("prefers the toolkit's click action, by preference order, over everything else", () => {
    const node = rawNode({ actions: ["activate", "press"], states: stateSet(...visibleStates, AtspiState.selectable) })
    assert.deepStrictEqual(clickPath(node, true), { kind: "action", index: 1 })
  })

  it("a selectable item without a click action (a GTK notebook tab) is selected in its parent, headed or not", () => {
    const tab = rawNode({ actions: [], states: stateSet(...visibleStates, AtspiState.selectable) })
    assert.deepStrictEqual(clickPath(tab, false), { kind: "select_in_parent" })
    assert.deepStrictEqual(clickPath(tab, true), { kind: "select_in_parent" })
  })

  it("nothing semantic: a pointer click only when headed", () => {
    const inert = rawNode({ actions: ["showcontextmenu"] })
    assert.deepStrictEqual(clickPath(inert, true), { kind: "pointer" })
    assert.deepStrictEqual(clickPath(inert, false), { kind: "none" })
  })
})
