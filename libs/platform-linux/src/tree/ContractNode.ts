/** Maps one RawNode to the contract's role, states, available_actions and value (reference §2.2–2.3). */
import type { Role } from "@agent-desktop/contracts"
import { AtspiRole, contractRole } from "../atspi/Roles.js"
import { AtspiState, contractStates } from "../atspi/States.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import type { RawNode } from "./RawNode.js"

const clickActions = new Set(["click", "press", "activate", "jump", "open"])
const textRoles = new Set<number>([AtspiRole.text, AtspiRole.entry, AtspiRole.passwordText, AtspiRole.spinButton, 60, 77])
const toggleRoles = new Set<number>([AtspiRole.checkBox, AtspiRole.radioButton, AtspiRole.toggleButton, 8, 45])
const checkRoles = new Set<number>([AtspiRole.checkBox, AtspiRole.toggleButton, 8])
const selectionRoles = new Set<number>([
  AtspiRole.comboBox, AtspiRole.list, AtspiRole.listBox, AtspiRole.pageTabList, AtspiRole.menu, AtspiRole.table,
  AtspiRole.tree, AtspiRole.treeTable, 41, 76
])
const valueRolesReadOnly = new Set<number>([42, 103]) // progress bar, level bar

/** A role whose content is text (entries, password and spin fields, terminals, documents' text). */
export const isTextRole = (node: RawNode): boolean => textRoles.has(node.role)

export const isPassword = (node: RawNode): boolean => node.role === AtspiRole.passwordText

/**
 * Roles whose content is their text, whatever their name says: a terminal (VTE 0.70 names it "Terminal"), a text
 * view, a paragraph, a text or e-mail document. Their Text is read (bounded, the part on screen first) and is their
 * value; their name never stands in for it.
 */
const textHolderRoles = new Set<number>([60 /* terminal */, AtspiRole.text, AtspiRole.paragraph, 94 /* document text */, 96 /* document email */])

export const holdsText = (node: RawNode): boolean =>
  textHolderRoles.has(node.role) && node.interfaces.includes("Text") && !isPassword(node)

export const isEditable = (node: RawNode): boolean =>
  node.interfaces.includes("EditableText") && node.states.has(AtspiState.editable) && !node.states.has(AtspiState.readOnly)

/**
 * A text field the user can type into but whose EditableText is missing (Chromium 156) or inert (Firefox ESR 153):
 * its text goes in through the keyboard, which needs `--headed`. An editable combo box is one too (Firefox's
 * address bar: SetTextContents answered true and left the address as it was).
 */
export const isKeyboardEditable = (node: RawNode): boolean =>
  (textRoles.has(node.role) || node.role === AtspiRole.comboBox) && node.states.has(AtspiState.editable) && !node.states.has(AtspiState.readOnly)

/**
 * A text field whose text is its value: one the user can type into, or a text role with EditableText (a read-only
 * GTK entry still shows its text). EditableText alone does not make a field: Firefox ESR 153 lists it on every node
 * of a web page (headings, labels, buttons, tabs), and their text is their name, not a value.
 */
export const isTextField = (node: RawNode): boolean =>
  isKeyboardEditable(node) || node.interfaces.includes("EditableText") && (textRoles.has(node.role) || node.states.has(AtspiState.editable))

export const hasSettableValue = (node: RawNode): boolean =>
  node.interfaces.includes("Value") && !valueRolesReadOnly.has(node.role) && !node.states.has(AtspiState.readOnly)

/**
 * Whether a node has a checked state that toggling changes: a toggle action, a role that checks (check box, radio,
 * toggle button, check/radio menu item), or a CHECKABLE or CHECKED state. A plain button or menu item is not: toggle
 * on it used to click it and then report ACTION_FAILED (nothing checked flipped), so a retry clicked it again.
 */
export const isToggleable = (node: RawNode): boolean =>
  (node.actions ?? []).includes("toggle") || toggleRoles.has(node.role) ||
  node.states.has(AtspiState.checkable) || node.states.has(AtspiState.checked)

/** Index of the toolkit action that performs a plain activation, or -1. */
export const clickActionIndex = (node: RawNode): number => {
  const actions = node.actions ?? []
  for (const preferred of ["click", "press", "toggle", "activate", "jump", "open"]) {
    const index = actions.indexOf(preferred)
    if (index >= 0) return index
  }
  return -1
}

/** The action that expands (or collapses): a directional one first (GTK 4.8 listitem.expand/collapse, aliased). */
export const expandActionIndex = (node: RawNode, expand = true): number => {
  const actions = node.actions ?? []
  // Qt names the action that opens a menu item's submenu "show menu" (and offers no other).
  for (const preferred of [expand ? "expand" : "collapse", "expand or contract", ...(expand ? ["show menu"] : []), "activate", "click", "press", "toggle"]) {
    const index = actions.indexOf(preferred)
    if (index >= 0) return index
  }
  return -1
}

/** A tiny ordered set: at most ten names, so an array beats a Set per node (4,700 nodes on a browser page). */
class NameList {
  readonly names: Array<string> = []
  get size(): number {
    return this.names.length
  }
  add(name: string): void {
    if (!this.names.includes(name)) this.names.push(name)
  }
}

export const availableActions = (node: RawNode): Array<string> => {
  const out = new NameList()
  const actions = node.actions ?? []
  const textual = textRoles.has(node.role)
  if (actions.some((a) => clickActions.has(a)) && !textual) out.add("Click")
  // Tabs carry no actions in GTK; a click selects them (Actor does it through the tab list's Selection).
  if (node.role === AtspiRole.pageTab && node.states.has(AtspiState.selectable)) out.add("Click")
  if (actions.includes("toggle") || (isToggleable(node) && actions.length > 0)) out.add("Toggle")
  if (checkRoles.has(node.role) || node.states.has(AtspiState.checkable) || actions.includes("toggle")) {
    out.add("Check")
    out.add("Uncheck")
  }
  // GTK lists "expand or contract" on every tree-view cell; only the expandable state means it can expand.
  if (node.states.has(AtspiState.expandable)) {
    out.add(node.states.has(AtspiState.expanded) ? "Collapse" : "Expand")
  }
  if (isEditable(node) || isKeyboardEditable(node)) {
    out.add("SetValue")
    out.add("TypeText")
  }
  if (hasSettableValue(node)) out.add("SetValue")
  if (node.interfaces.includes("Selection") && selectionRoles.has(node.role)) out.add("Select")
  if (node.states.has(AtspiState.selectable) && !selectionRoles.has(node.role)) out.add("Select")
  if (node.role === AtspiRole.scrollPane) out.add("Scroll")
  // ScrollTo exists on every Component; listing it only where something else is actionable keeps static text
  // from earning refs (reference §2.2: any action besides SetFocus earns a ref).
  if (out.size > 0 && node.interfaces.includes("Component")) out.add("ScrollTo")
  if (node.states.has(AtspiState.focusable) && node.interfaces.includes("Component")) out.add("SetFocus")
  return out.names
}

export const formatNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)))

/** The node's value as the contract reports it: text of editable fields, numbers of range widgets. */
export const contractValue = (node: RawNode): string | undefined => {
  if (isPassword(node)) return undefined
  if (node.selected !== undefined) return node.selected
  if (node.value !== undefined && Number.isFinite(node.value)) return formatNumber(node.value)
  const field = isTextField(node) || holdsText(node)
  if (node.text !== undefined && (field || node.name === "")) {
    return node.text.length > 0 || field ? node.text : undefined
  }
  return undefined
}

export const mapRole = (node: RawNode): Role => contractRole(node.role)
export const mapStates = (node: RawNode): Array<string> => contractStates(node.states, isPassword(node))

/** A spin box whose value is read from its text (ToolkitProfile.spinValueFromText). */
const spinTextIsValue = (node: RawNode, profile?: ToolkitProfile): boolean =>
  profile?.spinValueFromText === true && node.role === AtspiRole.spinButton && node.interfaces.includes("Text")

/** Which detail reads a node needs beyond what the cache or basics already gave (`profile`: the app's toolkit). */
export const wantsText = (node: RawNode, profile?: ToolkitProfile): boolean =>
  node.interfaces.includes("Text") && !isPassword(node) && (!node.interfaces.includes("Value") || spinTextIsValue(node, profile)) &&
  (isTextField(node) || node.name === "" || holdsText(node))
export const wantsValue = (node: RawNode, profile?: ToolkitProfile): boolean =>
  node.interfaces.includes("Value") && !spinTextIsValue(node, profile)
/**
 * Combo boxes report their choice through Selection, on themselves (GTK) or on their menu child (browsers); where
 * the Name is the choice (ToolkitProfile.comboNameIsValue) nothing is asked.
 */
export const wantsSelection = (node: RawNode, profile?: ToolkitProfile): boolean =>
  node.role === AtspiRole.comboBox && profile?.comboNameIsValue !== true
