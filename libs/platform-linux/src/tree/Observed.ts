/** RawTree (AT-SPI words) -> ObservedNode (contract vocabulary), the shape the engine consumes. */
import type { Role } from "@agent-desktop/contracts"
import type { ObservedNode } from "@agent-desktop/platform"
import { availableActions, contractValue, mapRole, mapStates } from "./ContractNode.js"
import { itemRole } from "./ItemRole.js"
import { reportedStates } from "./PopupState.js"
import { handleOf, type RawNode } from "./RawNode.js"
import type { RawTree } from "./RawTree.js"
import { traitsOf } from "./Traits.js"

/**
 * A description that only repeats the node's number, as drawn (a GTK 3 scale that draws its value describes itself
 * with it: "50.0" at 50, measured on gtk3-widget-factory 3.24.38 and the fixture's scale). It changes with every
 * value, and descriptions are identity: a slider's ref was STALE_REF after its first set-value. Such a description
 * says nothing the value does not, and is left out. Equal means within the rounding of the printed decimals.
 */
export const describesOnlyValue = (node: Pick<RawNode, "description" | "value">): boolean => {
  const text = node.description.trim()
  if (node.value === undefined || !/^[-+]?\d+(\.\d+)?$/.test(text)) return false
  const decimals = text.split(".")[1]?.length ?? 0
  return Math.abs(Number(text) - node.value) <= 0.5 * 10 ** -decimals + 1e-9
}

/** AT-SPI canvas (6) and drawing area (18): surfaces an app draws itself, whose pixels the tree cannot explain. */
const DRAWN_ROLES: ReadonlySet<number> = new Set([6, 18])

type Building = { -readonly [K in keyof ObservedNode]: ObservedNode[K] }

/**
 * Optional fields are assigned, not spread from temporary objects: a spread per field was most of this function's
 * time on a 4,700-node page. Fields keep the order they always had.
 */
export const toObserved = (tree: RawTree, container?: Role): ObservedNode => {
  const node = tree.node.popupExpands ? { ...tree.node, states: reportedStates(tree) } : tree.node
  const value = contractValue(node)
  const role = itemRole(node, container) ?? mapRole(node)
  const out: Building = { role } as Building
  // A computed name exists only where the toolkit's own is empty, a placeholder (NameFromContent) or no name at all
  // (ComboName: "" then means the node has none).
  if (node.computedName !== undefined) {
    if (node.computedName) out.name = node.computedName
  } else if (node.name) out.name = node.name
  if (value !== undefined) out.value = value
  if (node.description && !describesOnlyValue(node)) out.description = node.description
  else if (node.computedDescription !== undefined) out.description = node.computedDescription
  out.nativeId = { kind: "atspi_object_path", value: node.ref.path }
  out.traits = traitsOf(node)
  out.states = mapStates(node)
  out.actions = availableActions(node)
  if (node.bounds) out.bounds = node.bounds
  if (DRAWN_ROLES.has(node.role) && node.childCount === 0) out.drawn = true
  out.path = tree.path
  out.handle = handleOf(node.ref)
  out.childCount = node.childCount
  if (tree.children) out.children = tree.children.map((child) => toObserved(child, role))
  if (tree.budgetCut || node.detailsCut) out.budgetCut = true
  if (tree.visibleOnly) out.visibleOnly = true
  if (tree.paged) out.paged = true
  if (node.loading) {
    out.loading = true
    out.hint = "still loading: what was read of this document is not the page yet; read again once it has loaded"
  }
  return out
}
