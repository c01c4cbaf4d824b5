/** RawTree (AT-SPI words) -> ObservedNode (contract vocabulary), the shape the engine consumes. */
import type { ObservedNode } from "@agent-desktop/platform"
import { availableActions, contractValue, mapRole, mapStates } from "./ContractNode.js"
import { handleOf } from "./RawNode.js"
import type { RawTree } from "./TreeReader.js"

type Building = { -readonly [K in keyof ObservedNode]: ObservedNode[K] }

/**
 * Optional fields are assigned, not spread from temporary objects: a spread per field was most of this function's
 * time on a 4,700-node page. Fields keep the order they always had.
 */
export const toObserved = (tree: RawTree): ObservedNode => {
  const { node } = tree
  const value = contractValue(node)
  const out: Building = { role: mapRole(node) } as Building
  // A computed name exists only where the toolkit's own is empty, a placeholder (NameFromContent) or no name at all
  // (ComboName: "" then means the node has none).
  if (node.computedName !== undefined) {
    if (node.computedName) out.name = node.computedName
  } else if (node.name) out.name = node.name
  if (value !== undefined) out.value = value
  if (node.description) out.description = node.description
  out.nativeId = { kind: "atspi_object_path", value: node.ref.path }
  out.states = mapStates(node)
  out.actions = availableActions(node)
  if (node.bounds) out.bounds = node.bounds
  out.path = tree.path
  out.handle = handleOf(node.ref)
  out.childCount = node.childCount
  if (tree.children) out.children = tree.children.map(toObserved)
  if (tree.budgetCut || node.detailsCut) out.budgetCut = true
  if (tree.visibleOnly) out.visibleOnly = true
  return out
}
