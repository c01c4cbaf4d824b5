import { describe, expect, it } from "vitest"
import { contractRolesOfField } from "./FieldRoles.js"

const roles = (field: Parameters<typeof contractRolesOfField>[0]) => [...contractRolesOfField(field)].sort()

describe("the contract roles of a focused element", () => {
  it("text inputs and text areas are textfields; a number input an incrementor; a list-backed input also a combobox", () => {
    for (const type of ["", "text", "search", "email", "url", "tel", "password", "TEXT"]) {
      expect(roles({ tag: "input", type, contentEditable: false })).toEqual(["textfield"])
    }
    expect(roles({ tag: "textarea", contentEditable: false })).toEqual(["textfield"])
    expect(roles({ tag: "input", type: "number", contentEditable: false })).toEqual(["incrementor"])
    expect(roles({ tag: "input", type: "text", hasList: true, contentEditable: false })).toEqual(["combobox", "textfield"])
  })

  it("an ARIA role decides first; elements that take no text answer none", () => {
    expect(roles({ tag: "div", role: "textbox", contentEditable: true })).toEqual(["textfield"])
    expect(roles({ tag: "div", role: "spinbutton", contentEditable: false })).toEqual(["incrementor"])
    expect(roles({ tag: "div", contentEditable: true })).toEqual(["document", "group", "paragraph", "textfield"])
    expect(roles({ tag: "button", contentEditable: false })).toEqual([])
    expect(roles({ tag: "input", type: "checkbox", contentEditable: false })).toEqual([])
    expect(roles({ tag: "a", contentEditable: false })).toEqual([])
  })
})
