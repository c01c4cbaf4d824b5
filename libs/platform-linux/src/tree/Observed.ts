/** RawTree (AT-SPI words) -> ObservedNode (contract vocabulary), the shape the engine consumes. */
import type { ObservedNode } from "@agent-desktop/platform"
import { availableActions, contractValue, mapRole, mapStates } from "./ContractNode.js"
import { handleOf } from "./RawNode.js"
import type { RawTree } from "./TreeReader.js"

export const toObserved = (tree: RawTree): ObservedNode => {
  const { node } = tree
  const value = contractValue(node)
  return {
    role: mapRole(node),
    // A computed name exists only where the toolkit's own is empty or a placeholder (NameFromContent).
    ...(node.computedName ? { name: node.computedName } : node.name ? { name: node.name } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(node.description ? { description: node.description } : {}),
    nativeId: { kind: "atspi_object_path", value: node.ref.path },
    states: mapStates(node),
    actions: availableActions(node),
    ...(node.bounds ? { bounds: node.bounds } : {}),
    path: tree.path,
    handle: handleOf(node.ref),
    childCount: node.childCount,
    ...(tree.children ? { children: tree.children.map(toObserved) } : {}),
    ...(tree.budgetCut || node.detailsCut ? { budgetCut: true } : {}),
    ...(tree.visibleOnly ? { visibleOnly: true } : {})
  }
}
