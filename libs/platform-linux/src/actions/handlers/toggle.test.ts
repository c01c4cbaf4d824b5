import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { gecko } from "../../toolkits/gecko/profile.js"
import { gtk3 } from "../../toolkits/gtk3/profile.js"
import { actionAlias } from "../../toolkits/actionAlias.js"
import { rawNode, stateSet, visibleStates } from "../testing/rawNode.js"
import { toggleActionIndex, togglePath, uncheckingRadio } from "./toggle.js"

describe("toggleActionIndex", () => {
  it("the toggle action wins over a click action listed before it", () => {
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["click", "toggle"] })), 1)
  })

  it("without toggle, the click action; with neither, -1", () => {
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["showcontextmenu", "press"] })), 1)
    assert.strictEqual(toggleActionIndex(rawNode({ actions: ["showcontextmenu"] })), -1)
    assert.strictEqual(toggleActionIndex(rawNode({})), -1)
  })

  it("a Firefox radio button's \"select\" is its toggle; on a list item it stays select (Firefox ESR 153.8)", () => {
    assert.strictEqual(actionAlias(gecko, "select", AtspiRole.radioButton), "toggle")
    assert.strictEqual(toggleActionIndex(rawNode({ role: AtspiRole.radioButton, actions: [actionAlias(gecko, "select", AtspiRole.radioButton)] })), 0)
    assert.strictEqual(actionAlias(gecko, "select", AtspiRole.listItem), "select")
    assert.strictEqual(actionAlias(gtk3, "select", AtspiRole.radioButton), "select")
  })

  it("a checked radio button is never toggled (it would stay checked); an unchecked one and a checked check box are", () => {
    const radio = (...states: Array<number>) => rawNode({ role: AtspiRole.radioButton, actions: ["toggle"], states: stateSet(...visibleStates, ...states) })
    assert.isTrue(uncheckingRadio(radio(AtspiState.checked)))
    assert.isFalse(uncheckingRadio(radio()))
    assert.isFalse(uncheckingRadio(rawNode({ role: AtspiRole.checkBox, actions: ["toggle"], states: stateSet(...visibleStates, AtspiState.checked) })))
  })
})

describe("togglePath", () => {
  it("nothing to toggle (a plain button or menu item): refused, headed or not", () => {
    assert.deepStrictEqual(togglePath(rawNode({ actions: ["click"] }), true), { kind: "not_toggleable" })
    assert.deepStrictEqual(togglePath(rawNode({ role: AtspiRole.menuItem, actions: ["click"] }), false), { kind: "not_toggleable" })
  })

  it("a check box, a checkable or checked node, or one with a toggle action: its action", () => {
    assert.deepStrictEqual(togglePath(rawNode({ role: AtspiRole.checkBox, actions: ["click"] }), false), { kind: "action", index: 0 })
    assert.deepStrictEqual(togglePath(rawNode({ states: stateSet(...visibleStates, AtspiState.checkable), actions: ["click"] }), false), { kind: "action", index: 0 })
    assert.deepStrictEqual(togglePath(rawNode({ role: AtspiRole.tableCell, actions: ["activate", "toggle"] }), false), { kind: "action", index: 1 })
  })

  it("a check box without any action (GTK 4.8): a pointer click when headed, else headed_required", () => {
    const check = rawNode({ role: AtspiRole.checkBox, actions: [] })
    assert.deepStrictEqual(togglePath(check, true), { kind: "pointer" })
    assert.deepStrictEqual(togglePath(check, false), { kind: "headed_required" })
  })
})
