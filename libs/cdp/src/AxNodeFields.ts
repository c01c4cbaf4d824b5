import { contractRoleOf } from "./AxRoles.js"

/** One node of `Accessibility.getFullAXTree` / `getPartialAXTree`, as far as we read it. */
export interface AxNode {
  readonly nodeId: string
  readonly ignored: boolean
  readonly role?: { readonly value?: unknown }
  readonly name?: { readonly value?: unknown }
  readonly value?: { readonly value?: unknown }
  readonly description?: { readonly value?: unknown }
  readonly properties?: ReadonlyArray<{ readonly name: string; readonly value: { readonly value?: unknown } }>
  readonly childIds?: ReadonlyArray<string>
  readonly parentId?: string
  readonly backendDOMNodeId?: number
  readonly frameId?: string
}

const text = (field: { readonly value?: unknown } | undefined): string | undefined => {
  const value = field?.value
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined
}

export const chromiumRole = (node: AxNode): string => text(node.role) ?? "generic"

const property = (node: AxNode, name: string): unknown => node.properties?.find((p) => p.name === name)?.value.value

const isTrue = (value: unknown) => value === true || value === "true"

/** The contract states an AX node's properties say (Chromium reports each as a property, `checked` as a tristate). */
export const statesOf = (node: AxNode, secure: boolean): Array<string> => {
  const states: Array<string> = []
  if (isTrue(property(node, "focused"))) states.push("focused")
  if (isTrue(property(node, "disabled"))) states.push("disabled")
  if (secure) states.push("secure")
  if (isTrue(property(node, "expanded"))) states.push("expanded")
  const checked = property(node, "checked")
  if (checked === "true" || checked === true) states.push("checked")
  if (checked === "mixed") states.push("indeterminate")
  if (isTrue(property(node, "selected"))) states.push("selected")
  if (isTrue(property(node, "busy"))) states.push("busy")
  if (isTrue(property(node, "modal"))) states.push("modal")
  if (isTrue(property(node, "required"))) states.push("required")
  const pressed = property(node, "pressed")
  if (pressed === "true" || pressed === true) states.push("pressed")
  if (pressed === "mixed") states.push("indeterminate")
  if (isTrue(property(node, "readonly"))) states.push("readonly")
  const invalid = property(node, "invalid")
  if (invalid !== undefined && invalid !== "false" && invalid !== false) states.push("invalid")
  if (isTrue(property(node, "multiselectable"))) states.push("multiselectable")
  const popup = property(node, "hasPopup")
  if (popup !== undefined && popup !== "false" && popup !== false) states.push("haspopup")
  return states
}

const CLICKABLE = new Set(["button", "link", "tab", "menuitem", "treeitem", "option", "disclosure", "menubutton", "radiobutton", "cell"])

/**
 * The contract actions this package can perform on a node: clicks through `Input` on what a person clicks, text
 * through `Input.insertText` on editable fields, options through the select element, focus on focusable nodes.
 */
export const actionsOf = (node: AxNode, role: string, states: ReadonlyArray<string>): Array<string> => {
  const actions: Array<string> = []
  const disabled = states.includes("disabled")
  if (!disabled) {
    if (CLICKABLE.has(role)) actions.push("Click")
    if (role === "checkbox" || role === "switch") actions.push("Click", "Toggle")
    // A text field's own inner editor (a generic, editable, not focusable) is not a second field.
    const editable = role === "textfield" || role === "incrementor" || property(node, "editable") !== undefined && isTrue(property(node, "focusable"))
    if (editable && !states.includes("readonly") && role !== "combobox") actions.push("SetValue", "TypeText")
    if (role === "slider" && isTrue(property(node, "settable"))) actions.push("SetValue")
    if (role === "combobox" || role === "listbox") actions.push("Select")
    const expanded = property(node, "expanded")
    if (expanded === false || expanded === "false") actions.push("Expand")
    if (expanded === true || expanded === "true") actions.push("Collapse")
  }
  if (isTrue(property(node, "focusable"))) actions.push("SetFocus")
  // Scrolling into view is offered with the node's other actions: on its own it would give every text and
  // container of a page a ref.
  if (node.backendDOMNodeId !== undefined && actions.length > 0) actions.push("ScrollTo")
  return [...new Set(actions)]
}

/** The node's own text fields, in contract form (empty strings left out). */
export const textOf = (node: AxNode) => {
  const name = text(node.name)
  const value = text(node.value)
  const description = text(node.description)
  return {
    ...(name === undefined || name === "" ? {} : { name }),
    ...(value === undefined || value === "" ? {} : { value }),
    ...(description === undefined || description === "" ? {} : { description })
  }
}

export const roleOf = (node: AxNode): string => contractRoleOf(chromiumRole(node))
