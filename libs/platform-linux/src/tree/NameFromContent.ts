/**
 * Names for unnamed rows, computed from what they show (GTK 4.8 list rows in gtk4-demo carry no name of their own;
 * their label sits two levels down), so twins without names become targetable. Only for toolkits whose profile asks
 * for it; the toolkit's own name always wins.
 */
import { AtspiRole } from "../atspi/Roles.js"
import type { RawTree } from "./TreeReader.js"

const rowRoles = new Set<number>([AtspiRole.listItem, 91 /* tree item */, 90 /* table row */])
const maxDepth = 3

const firstName = (tree: RawTree, depth: number): string | undefined => {
  if (depth > maxDepth) return undefined
  for (const child of tree.children ?? []) {
    if (child.node.name !== "") return child.node.name
    const below = firstName(child, depth + 1)
    if (below !== undefined) return below
  }
  return undefined
}

export const nameRowsFromContent = (tree: RawTree): void => {
  if (tree.node.name === "" && rowRoles.has(tree.node.role)) {
    const name = firstName(tree, 1)
    if (name !== undefined) tree.node.computedName = name
  }
  for (const child of tree.children ?? []) nameRowsFromContent(child)
}
