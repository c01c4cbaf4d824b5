/**
 * Names for unnamed rows and tabs, computed from what they show (GTK 4.8 list rows in gtk4-demo carry no name of
 * their own, their label sits two levels down; its notebook tabs are all named "Tab", their label is their child), so
 * twins without names become targetable. Only for toolkits whose profile asks for it; a real name of the toolkit's
 * own always wins, a placeholder name (the profile's) does not.
 */
import type { Accessible } from "../atspi/Accessible.js"
import { AtspiRole } from "../atspi/Roles.js"
import type { RawTree } from "./RawTree.js"

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

/**
 * The same name read live for one item (`select` matches a list's items by it): its own name unless empty or a
 * placeholder, else the first name among its descendants, depth first, at most three levels down.
 */
export const liveItemName = async (item: Accessible, placeholders: ReadonlyArray<string>, timeoutMs: number): Promise<string> => {
  const own = await item.name(timeoutMs)
  if (own !== "" && !placeholders.includes(own)) return own
  const below = async (node: Accessible, depth: number): Promise<string | undefined> => {
    if (depth > maxDepth) return undefined
    for (const child of await node.children(timeoutMs)) {
      const accessible = node.sibling(child.path)
      const name = await accessible.name(timeoutMs)
      if (name !== "") return name
      const deeper = await below(accessible, depth + 1)
      if (deeper !== undefined) return deeper
    }
    return undefined
  }
  return (await below(item, 1)) ?? own
}
