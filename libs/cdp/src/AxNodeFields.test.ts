import { describe, expect, it } from "vitest"
import { actionsOf, roleOf, statesOf, textOf, type AxNode } from "./AxNodeFields.js"
import { domKey } from "./KeyEvents.js"

const ax = (role: string, properties: Record<string, unknown> = {}, extra: Partial<AxNode> = {}): AxNode => ({
  nodeId: "1", ignored: false, role: { value: role },
  properties: Object.entries(properties).map(([name, value]) => ({ name, value: { value } })), backendDOMNodeId: 5, ...extra
})

describe("Chromium's AX nodes in the contract's vocabulary", () => {
  it("maps roles as AT-SPI's are mapped for the same pages", () => {
    expect(["RootWebArea", "textbox", "searchbox", "combobox", "radio", "StaticText", "listitem", "generic", "Canvas", "spinbutton", "nonsense"].map((role) => roleOf(ax(role))))
      .toEqual(["webarea", "textfield", "textfield", "combobox", "radiobutton", "statictext", "group", "group", "image", "incrementor", "group"])
  })

  it("reads states from properties, tristates included", () => {
    expect(statesOf(ax("checkbox", { checked: "mixed", focused: true, disabled: true, invalid: "false" }), false)).toEqual(["focused", "disabled", "indeterminate"])
    expect(statesOf(ax("textbox", { required: true, invalid: "true", readonly: false }), true)).toEqual(["secure", "required", "invalid"])
    expect(statesOf(ax("combobox", { expanded: false, hasPopup: "menu" }), false)).toEqual(["haspopup"])
  })

  it("offers the actions it can perform: none but focus and scrolling on a disabled control", () => {
    expect(actionsOf(ax("textbox", { editable: "plaintext", focusable: true }), "textfield", [])).toEqual(["SetValue", "TypeText", "SetFocus", "ScrollTo"])
    expect(actionsOf(ax("checkbox", { focusable: true }), "checkbox", [])).toEqual(["Click", "Toggle", "SetFocus", "ScrollTo"])
    expect(actionsOf(ax("combobox", { expanded: false, focusable: true }), "combobox", [])).toEqual(["Select", "Expand", "SetFocus", "ScrollTo"])
    expect(actionsOf(ax("button", { focusable: true }), "button", ["disabled"])).toEqual(["SetFocus", "ScrollTo"])
    expect(actionsOf(ax("StaticText", {}, { backendDOMNodeId: undefined as never }), "statictext", [])).toEqual([])
    expect(actionsOf(ax("StaticText"), "statictext", [])).toEqual([])
    // The inner editor Chromium puts inside an <input> is editable but not focusable: not a second field.
    expect(actionsOf(ax("generic", { editable: "plaintext" }), "group", [])).toEqual([])
  })

  it("keeps text fields that say something", () => {
    expect(textOf(ax("textbox", {}, { name: { value: "Name" }, value: { value: "" }, description: { value: "Your name" } }))).toEqual({ name: "Name", description: "Your name" })
  })

  it("describes keys as the DOM does", () => {
    expect(domKey("return")).toEqual({ key: "Enter", code: "Enter", keyCode: 13, text: "\r" })
    expect(domKey("a")).toEqual({ key: "a", code: "KeyA", keyCode: 65, text: "a" })
    expect(domKey("F5")).toEqual({ key: "F5", code: "F5", keyCode: 116 })
    expect(domKey("nosuchkey")).toBeUndefined()
  })
})
