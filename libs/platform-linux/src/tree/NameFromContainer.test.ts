import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { StateSet } from "../atspi/States.js"
import { nameControlsFromContainer } from "./NameFromContainer.js"
import type { RawTree } from "./RawTree.js"

let paths = 0
const tree = (role: number, name: string, children: Array<RawTree> = [], description = ""): RawTree => ({
  node: { ref: { busName: ":1.1", path: `/${paths++}` }, role, name, description, states: StateSet.from([0, 0]), interfaces: [], childCount: children.length },
  path: [],
  children
})
const deep = (levels: number, leaf: RawTree): RawTree => levels === 0 ? leaf : tree(AtspiRole.panel, "", [deep(levels - 1, leaf)])

describe("nameControlsFromContainer", () => {
  it("names the unnamed entry and drop-down button of a named tool bar box after the box (LibreOffice 7.4 Font Size)", () => {
    const entry = tree(AtspiRole.text, "")
    const dropDown = tree(AtspiRole.toggleButton, "")
    const ownName = tree(AtspiRole.pushButton, "Bold")
    const box = tree(AtspiRole.panel, "Font Size", [deep(5, tree(AtspiRole.panel, "", [entry, dropDown]))])
    nameControlsFromContainer(tree(AtspiRole.frame, "Calc", [tree(AtspiRole.panel, "", [box, ownName])]), true)
    assert.deepStrictEqual([entry, dropDown, ownName].map((t) => t.node.computedName), ["Font Size", "Font Size", undefined])
  })

  it("never names after the window's title, nor a control with a description, nor one too far below its container", () => {
    const titled = tree(AtspiRole.pushButton, "")
    const described = tree(AtspiRole.pushButton, "", [], "Close Document")
    const far = tree(AtspiRole.text, "")
    const near = tree(AtspiRole.text, "")
    nameControlsFromContainer(tree(AtspiRole.frame, "people.csv - LibreOffice Calc", [
      titled,
      tree(AtspiRole.panel, "Formula Tool Bar", [described, deep(7, near), deep(8, far)])
    ]), true)
    assert.deepStrictEqual([titled, described, near, far].map((t) => t.node.computedName), [undefined, undefined, "Formula Tool Bar", undefined])
  })

  it("leaves roles that are not controls alone (a label, a cell)", () => {
    const label = tree(29, "")
    const cell = tree(AtspiRole.tableCell, "")
    nameControlsFromContainer(tree(AtspiRole.frame, "w", [tree(AtspiRole.panel, "Box", [label, cell])]), true)
    assert.deepStrictEqual([label, cell].map((t) => t.node.computedName), [undefined, undefined])
  })

  it("in a drill-down read, the root's own name names its controls (only a window's title does not)", () => {
    const entry = tree(AtspiRole.text, "")
    nameControlsFromContainer(tree(AtspiRole.panel, "Font Size", [tree(AtspiRole.panel, "", [entry])]), false)
    assert.strictEqual(entry.node.computedName, "Font Size")
  })
})
