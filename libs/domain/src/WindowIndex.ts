/** One pass over an observed window: nodes by path and by role, and whether anything was left unread. */
import type { IdentityNode } from "./IdentityNode.js"

export interface WindowIndex<N extends IdentityNode> {
  readonly byPath: ReadonlyMap<string, N>
  readonly byRole: ReadonlyMap<string, ReadonlyArray<N>>
  /** No node was cut by depth or budget: every node the platform reports was read. */
  readonly whole: boolean
}

export const pathKey = (path: ReadonlyArray<number>): string => path.join("/")

export const indexWindow = <N extends IdentityNode>(root: N): WindowIndex<N> => {
  const byPath = new Map<string, N>()
  const byRole = new Map<string, Array<N>>()
  let whole = true
  const stack: Array<N> = [root]
  while (stack.length > 0) {
    const node = stack.pop() as N
    byPath.set(pathKey(node.path), node)
    const peers = byRole.get(node.role)
    if (peers === undefined) byRole.set(node.role, [node])
    else peers.push(node)
    if (node.budgetCut === true || (node.children === undefined && node.childCount > 0)) whole = false
    // Children are typed as IdentityNode; the platform's tree is homogeneous, so they are N as well.
    for (const child of node.children ?? []) stack.push(child as N)
  }
  return { byPath, byRole, whole }
}

/** `childCount` of the window root and each ancestor down to the node's parent; -1 where the path is unknown. */
export const pathChildCounts = (index: WindowIndex<IdentityNode>, path: ReadonlyArray<number>): Array<number> => {
  // Each ancestor's key extends its parent's (pathKey of the prefix), built once instead of slice + join per depth.
  const counts: Array<number> = []
  let key = ""
  for (let depth = 0; depth < path.length; depth++) {
    counts.push(index.byPath.get(key)?.childCount ?? -1)
    key = depth === 0 ? String(path[0]) : `${key}/${path[depth]}`
  }
  return counts
}
