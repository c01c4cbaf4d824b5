/**
 * Puts children read from other pages of paged containers (`DesktopAdapterShape.searchPaged`) into a window read, in
 * child-index order beside the page the read holds, so matches found there are rendered, get refs and have their
 * identity proven like any other node (the read stays the window's one tree).
 */
import type { ObservedNode } from "@agent-desktop/platform"

const indexIn = (node: ObservedNode, depth: number): number => node.path[depth] ?? -1

export const graftPages = (root: ObservedNode, tops: ReadonlyArray<ObservedNode>): ObservedNode => {
  if (tops.length === 0) return root
  // Grouped by the container's path: each top is a child of the paged container at its path's parent.
  const byContainer = new Map<string, Map<number, ObservedNode>>()
  for (const top of tops) {
    const key = top.path.slice(0, -1).join("/")
    const group = byContainer.get(key) ?? new Map<number, ObservedNode>()
    group.set(top.path[top.path.length - 1]!, top)
    byContainer.set(key, group)
  }
  const prefixes = new Set<string>()
  for (const key of byContainer.keys()) {
    const parts = key === "" ? [] : key.split("/")
    for (let i = 0; i <= parts.length; i++) prefixes.add(parts.slice(0, i).join("/"))
  }
  const visit = (node: ObservedNode): ObservedNode => {
    const key = node.path.join("/")
    if (!prefixes.has(key)) return node
    const depth = node.path.length
    let children = (node.children ?? []).map(visit)
    const added = byContainer.get(key)
    if (added !== undefined) {
      const present = new Set(children.map((child) => indexIn(child, depth)))
      children = [...children, ...[...added.values()].filter((child) => !present.has(indexIn(child, depth)))]
        .sort((a, b) => indexIn(a, depth) - indexIn(b, depth))
    }
    return { ...node, children }
  }
  return visit(root)
}
