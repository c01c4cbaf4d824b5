/**
 * Names for unnamed rows and tabs, computed from what they show (GTK 4.8 list rows in gtk4-demo carry no name of
 * their own, their label sits two levels down; its notebook tabs are all named "Tab", their label is their child), so
 * twins without names become targetable. Only for toolkits whose profile asks for it; a real name of the toolkit's
 * own always wins, a placeholder name (the profile's) does not.
 */
import { AtspiRole } from "../atspi/Roles.js"
import type { RawTree } from "./TreeReader.js"

const rowRoles = new Set<number>([AtspiRole.listItem, 91 /* tree item */, 90 /* table row */, AtspiRole.pageTab])
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

export const nameRowsFromContent = (tree: RawTree, placeholders: ReadonlyArray<string> = []): void => {
  if ((tree.node.name === "" || placeholders.includes(tree.node.name)) && rowRoles.has(tree.node.role)) {
    const name = firstName(tree, 1)
    if (name !== undefined) tree.node.computedName = name
  }
  for (const child of tree.children ?? []) nameRowsFromContent(child, placeholders)
}
