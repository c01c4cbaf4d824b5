/**
 * The contract's role vocabulary (reference §2.2, which says "78" but lists these 80 names). Adapters map toolkit roles onto these names; `--role` accepts
 * the canonical names and the aliases below.
 */

import { ROLES } from "@agent-desktop/contracts/vocabulary"

export { ROLES }

export type Role = (typeof ROLES)[number]

export const ROLE_ALIASES: Readonly<Record<string, Role>> = {
  gridcell: "cell",
  img: "image",
  radio: "radiobutton",
  searchbox: "textfield",
  searchfield: "textfield",
  textarea: "textfield",
  textbox: "textfield",
  spinbutton: "incrementor",
  togglebutton: "button",
  tree: "outline"
}

export const INTERACTIVE_ROLES: ReadonlySet<Role> = new Set<Role>([
  "button", "cell", "checkbox", "colorwell", "combobox", "dockitem", "incrementor", "link", "listbox",
  "menubutton", "menuitem", "option", "radiobutton", "slider", "switch", "tab", "textfield", "treeitem"
])

/** Roles whose value is user state; a value of theirs never counts as identity evidence (reference §2.6). */
export const MUTABLE_VALUE_ROLES: ReadonlySet<Role> = new Set<Role>([
  "combobox", "checkbox", "incrementor", "listbox", "radiobutton", "slider", "switch", "textfield"
])

/**
 * Roles whose accessible name is their content rather than a label: a label reads "clicks: 0" and then
 * "clicks: 1"; a GTK combo box is named after its active item. Identity tolerates a changed name for these only
 * under the structural checks in `resolveIdentity`.
 */
export const CONTENT_NAMED_ROLES: ReadonlySet<Role> = new Set<Role>([
  "statictext", "heading", "paragraph", "combobox", "cell", "status", "timer", "log", "marquee"
])

const ROLE_SET: ReadonlySet<string> = new Set(ROLES)

export const isRole = (input: string): input is Role => ROLE_SET.has(input)

/** Canonical role for a `--role` argument (case-insensitive, aliases resolved), or undefined when unknown. */
export const normalizeRole = (input: string): Role | undefined => {
  const lowered = input.trim().toLowerCase()
  if (isRole(lowered)) return lowered
  return ROLE_ALIASES[lowered]
}

/** Roles whose value moves on its own (progress, scroll position, levels): as volatile as user state. */
const VOLATILE_VALUE_ROLES: ReadonlySet<Role> = new Set<Role>([
  "progressbar", "scrollbar", "levelindicator", "relevanceindicator", "splitter"
])

/** Whether a node's value is identity evidence: only for roles whose value is neither state nor content. */
export const valueIsIdentity = (role: string): boolean =>
  !MUTABLE_VALUE_ROLES.has(role as Role) && !VOLATILE_VALUE_ROLES.has(role as Role) && !CONTENT_NAMED_ROLES.has(role as Role)
