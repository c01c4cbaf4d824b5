import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, StateSet, contractStates } from "../atspi/States.js"
import { availableActions, clickActionIndex, contractValue, wantsText } from "./ContractNode.js"
import type { RawNode } from "./RawNode.js"

const states = (...numbers: Array<number>) => {
  let low = 0
  let high = 0
  for (const n of numbers) {
    if (n < 32) low |= 1 << n
    else high |= 1 << (n - 32)
  }
  return StateSet.from([low >>> 0, high >>> 0])
}
const visible = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const node = (partial: Partial<RawNode>): RawNode => ({
  ref: { busName: ":1.2", path: "/x" },
  role: AtspiRole.pushButton,
  name: "",
  description: "",
  states: states(...visible),
  interfaces: ["Accessible", "Component"],
  childCount: 0,
  ...partial
})

describe("contract mapping", () => {
  it("state sets: enabled is the absence of disabled; hidden vs offscreen; secure from the role", () => {
    assert.deepStrictEqual(contractStates(states(...visible, AtspiState.checked, AtspiState.focused), false), ["focused", "checked"])
    assert.deepStrictEqual(contractStates(states(AtspiState.visible), true), ["disabled", "secure", "offscreen"])
    assert.deepStrictEqual(contractStates(states(AtspiState.enabled, AtspiState.readOnly + 0), false), ["hidden", "readonly"])
  })

  it("buttons click, check boxes toggle, entries take text, labels get nothing", () => {
    assert.deepStrictEqual(availableActions(node({ interfaces: ["Action", "Component"], actions: ["click"] })), ["Click", "ScrollTo"])
    assert.includeMembers(
      availableActions(node({ role: AtspiRole.checkBox, interfaces: ["Action", "Component"], actions: ["click"] })),
      ["Click", "Toggle", "Check", "Uncheck"]
    )
    const entry = node({
      role: AtspiRole.text,
      states: states(...visible, AtspiState.editable, AtspiState.focusable),
      interfaces: ["Action", "Component", "EditableText", "Text"],
      actions: ["activate"]
    })
    assert.deepStrictEqual(availableActions(entry), ["SetValue", "TypeText", "ScrollTo", "SetFocus"])
    assert.deepStrictEqual(availableActions(node({ role: 29, interfaces: ["Component", "Text"] })), [])
  })

  it("tree-view cells expand only when expandable; toggle cells check and uncheck", () => {
    const textCell = node({ role: AtspiRole.tableCell, interfaces: ["Action", "Component"], actions: ["expand or contract", "edit", "activate"] })
    assert.notInclude(availableActions(textCell), "Expand")
    const toggleCell = node({ role: AtspiRole.tableCell, interfaces: ["Action", "Component"], actions: ["toggle", "expand or contract", "edit", "activate"] })
    assert.includeMembers(availableActions(toggleCell), ["Toggle", "Check", "Uncheck"])
  })

  it("expandable widgets offer the direction they can go", () => {
    const closed = node({ states: states(...visible, AtspiState.expandable), interfaces: ["Action", "Component"], actions: ["activate"] })
    assert.include(availableActions(closed), "Expand")
    const open = node({ states: states(...visible, AtspiState.expandable, AtspiState.expanded), interfaces: ["Action", "Component"], actions: ["activate"] })
    assert.include(availableActions(open), "Collapse")
  })

  it("prefers click over activate and never reads a password's text", () => {
    assert.strictEqual(clickActionIndex(node({ actions: ["activate", "click"] })), 1)
    assert.isUndefined(contractValue(node({ role: AtspiRole.passwordText, interfaces: ["EditableText", "Text"], text: "hunter2" })))
    assert.strictEqual(contractValue(node({ role: AtspiRole.slider, interfaces: ["Value"], value: 2.5 })), "2.5")
  })

  it("EditableText alone makes no field: Firefox ESR 153 lists it on a page's labels and buttons, whose text is their name", () => {
    const everywhere = ["Accessible", "Action", "Component", "EditableText", "Text"]
    const label = node({ role: 29, name: "Name", interfaces: everywhere, text: "Name" })
    const button = node({ name: "Submit", interfaces: everywhere, text: "Submit" })
    assert.isUndefined(contractValue(label))
    assert.isUndefined(contractValue(button))
    assert.isFalse(wantsText(button))
    // An unnamed text object still shows its text; an editable one (a contenteditable region) is a field.
    assert.strictEqual(contractValue(node({ role: 73, interfaces: everywhere, text: "not submitted" })), "not submitted")
    const region = node({ role: AtspiRole.entry, name: "Comment", states: states(...visible, AtspiState.editable), interfaces: everywhere, text: "" })
    assert.strictEqual(contractValue(region), "")
    assert.isTrue(wantsText(region))
    // A read-only GTK entry (a text role) keeps its text as its value.
    assert.strictEqual(contractValue(node({ role: AtspiRole.text, name: "Path", interfaces: ["EditableText", "Text"], text: "/tmp" })), "/tmp")
  })
})
