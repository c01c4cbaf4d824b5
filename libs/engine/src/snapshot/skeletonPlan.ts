import type { ObservedNode } from "@agent-desktop/platform"
import { hasPayload } from "./nodePayload.js"

/**
 * Nodes a skeleton prints at most (about; the root's children always show): the reference product's skeletons are
 * 25-40 nodes, under 1,000 tokens. A depth alone cannot bound them on Linux: GTK 3 and GTK 4 nest every widget in
 * unnamed wrappers, so three levels showed nothing but wrappers, and three levels that skip wrappers showed nearly
 * the whole window (gtk3-widget-factory: 260 of 260 nodes, gtk4-demo 192 of 446, the 1,000-button grid all).
 */
export const SKELETON_NODE_BUDGET = 40

/**
 * In a skeleton, an unnamed group that earns no ref is a wrapper, not a level: its children are shown at its depth.
 * GTK 4 nests widgets in three to six such wrappers (gtk4-demo 4.8.3), so three levels showed nothing but wrappers
 * and no named landmark, sidebar or tab list, to drill into.
 */
export const isSkeletonWrapper = (node: ObservedNode): boolean =>
  node.role === "group" && !hasPayload(node) && !node.actions.some((action) => action !== "SetFocus")

/**
 * The containers a skeleton opens, chosen breadth first: a container opens when its children fit in what is left
 * of the node budget and it sits above the depth (wrappers count no depth); every other container is cut, printed
 * with its `children_count` as a drill target. Breadth first keeps the window's outline (panes, tool bars, tab
 * lists, lists) and leaves the long lists and deep panels to `--root`. The root always opens.
 */
export const skeletonPlan = (root: ObservedNode, maxDepth: number, budget: number = SKELETON_NODE_BUDGET): ReadonlySet<ObservedNode> => {
  const opened = new Set<ObservedNode>()
  const queue: Array<readonly [ObservedNode, number]> = [[root, 0]]
  let printed = 1
  for (let next = 0; next < queue.length; next++) {
    const [node, depth] = queue[next]!
    const children = node.children ?? []
    if (children.length === 0) continue
    const wrapper = node !== root && isSkeletonWrapper(node)
    if (node !== root && (!wrapper && depth >= maxDepth || printed + children.length > budget)) continue
    opened.add(node)
    printed += children.length
    const childDepth = wrapper ? depth : depth + 1
    for (const child of children) queue.push([child, childDepth])
  }
  return opened
}
