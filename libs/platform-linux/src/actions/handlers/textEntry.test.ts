import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { chromium } from "../../toolkits/chromium/profile.js"
import { gecko } from "../../toolkits/gecko/profile.js"
import { gtk3 } from "../../toolkits/gtk3/profile.js"
import { rawNode, stateSet, visibleStates } from "../testing/rawNode.js"
import { takesTypedKeys } from "./keyboardEntry.js"
import { insertPosition, setValuePath } from "./textEntry.js"

const editable = stateSet(...visibleStates, AtspiState.editable)
const entry = rawNode({ role: AtspiRole.entry, states: editable, interfaces: ["Accessible", "Component", "Text", "EditableText"] })
const spin = rawNode({ role: AtspiRole.spinButton, states: editable, interfaces: ["Accessible", "Component", "Text", "EditableText", "Value"] })
const slider = rawNode({ role: AtspiRole.slider, interfaces: ["Accessible", "Component", "Value"] })

describe("setValuePath", () => {
  it("an editable text field takes text through EditableText, even a number", () => {
    assert.strictEqual(setValuePath(entry, "hello", gtk3), "text")
    assert.strictEqual(setValuePath(entry, "42", gtk3), "text")
  })

  it("a spin button takes a number through Value and other text through EditableText", () => {
    assert.strictEqual(setValuePath(spin, "5", gtk3), "value")
    assert.strictEqual(setValuePath(spin, "five", gtk3), "text")
    assert.strictEqual(setValuePath(spin, " ", gtk3), "text")
  })

  it("a slider takes only a finite number", () => {
    assert.strictEqual(setValuePath(slider, "0.5", gtk3), "value")
    assert.strictEqual(setValuePath(slider, "Infinity", gtk3), "unsupported")
    assert.strictEqual(setValuePath(slider, "loud", gtk3), "unsupported")
  })

  it("a field whose EditableText is inert (Firefox) or missing (Chromium) goes through the keyboard", () => {
    assert.strictEqual(setValuePath(entry, "hello", gecko), "keyboard")
    const noEditableText = rawNode({ role: AtspiRole.entry, states: editable, interfaces: ["Accessible", "Component", "Text"] })
    assert.strictEqual(setValuePath(noEditableText, "hello", gtk3), "keyboard")
  })

  it("a number input: Chromium 156 takes the number through Value (it fires input/change), Firefox ESR 153 through the keyboard", () => {
    // Chromium: no EditableText; Firefox: an inert one that Value.CurrentValue would bypass without any event.
    const chromiumSpin = rawNode({ role: AtspiRole.spinButton, states: editable, interfaces: ["Accessible", "Component", "Text", "Value"] })
    assert.strictEqual(setValuePath(chromiumSpin, "7", chromium), "value")
    assert.strictEqual(setValuePath(chromiumSpin, "seven", chromium), "keyboard")
    assert.strictEqual(setValuePath(spin, "7", gecko), "keyboard")
    // A text field of the same toolkit still goes through the keyboard, number or not.
    const chromiumEntry = rawNode({ role: AtspiRole.entry, states: editable, interfaces: ["Accessible", "Component", "Text"] })
    assert.strictEqual(setValuePath(chromiumEntry, "7", chromium), "keyboard")
  })

  it("Firefox ESR 153's address bar, an editable combo box with an inert EditableText, goes through the keyboard", () => {
    const urlbar = rawNode({ role: AtspiRole.comboBox, states: editable, interfaces: ["Accessible", "Action", "Component", "Text", "EditableText"] })
    assert.strictEqual(setValuePath(urlbar, "file:///tmp/x.html", gecko), "keyboard")
    assert.strictEqual(setValuePath(urlbar, "file:///tmp/x.html", gtk3), "text")
  })

  it("a read-only field is unsupported", () => {
    const readOnly = rawNode({ ...entry, states: stateSet(...visibleStates, AtspiState.editable, AtspiState.readOnly) })
    assert.strictEqual(setValuePath(readOnly, "x", gtk3), "unsupported")
  })
})

describe("insertPosition", () => {
  it("at the caret when it is inside the text, else at the end", () => {
    assert.strictEqual(insertPosition(5, 2), 2)
    assert.strictEqual(insertPosition(5, 5), 5)
    assert.strictEqual(insertPosition(5, 0), 0)
    assert.strictEqual(insertPosition(5, 9), 5)
    assert.strictEqual(insertPosition(5, -1), 5)
    assert.strictEqual(insertPosition(5, undefined), 5)
  })
})

describe("takesTypedKeys", () => {
  it("a terminal (VTE: Text, no EditableText, no editable state) takes typed keys; an entry, a read-only field and a label do not", () => {
    const terminal = rawNode({ role: 60, states: stateSet(...visibleStates, AtspiState.focusable), interfaces: ["Accessible", "Component", "Text"] })
    assert.isTrue(takesTypedKeys(terminal))
    assert.strictEqual(setValuePath(terminal, "ls", gtk3), "unsupported", "set-value has no meaning in a terminal")
    assert.isFalse(takesTypedKeys(entry), "an entry takes text through EditableText")
    assert.isFalse(takesTypedKeys(rawNode({ ...terminal, states: stateSet(...visibleStates, AtspiState.focusable, AtspiState.readOnly) })))
    assert.isFalse(takesTypedKeys(rawNode({ role: AtspiRole.label, states: stateSet(...visibleStates, AtspiState.focusable), interfaces: ["Accessible", "Text"] })))
    assert.isFalse(takesTypedKeys(rawNode({ ...terminal, states: stateSet(...visibleStates) })), "nothing that cannot take the focus")
  })
})
