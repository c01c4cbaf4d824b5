/** One pass over an observed window: nodes by role, and whether anything was left unread; nodes found by path. */
import type { IdentityNode } from "./IdentityNode.js"

export interface WindowIndex<N extends IdentityNode> {
  readonly byRole: ReadonlyMap<string, ReadonlyArray<N>>
  /** No node was cut by depth or budget: every node the platform reports was read. */
  readonly whole: boolean
}

export const pathKey = (path: ReadonlyArray<number>): string => path.join("/")

export const indexWindow = <N extends IdentityNode>(root: N): WindowIndex<N> => {
  const byRole = new Map<string, Array<N>>()
  let whole = true
  const stack: Array<N> = [root]
  while (stack.length > 0) {
    const node = stack.pop() as N
    const peers = byRole.get(node.role)
    if (peers === undefined) byRole.set(node.role, [node])
    else peers.push(node)
    if (node.budgetCut === true || (node.children === undefined && node.childCount > 0)) whole = false
    // Children are typed as IdentityNode; the platform's tree is homogeneous, so they are N as well.
    for (const child of node.children ?? []) stack.push(child as N)
  }
  return { byRole, whole }
}

/**
 * The read child of `parent` whose index in it is `index` (its path's element at `depth`). A child's position in
 * the read list is its index unless the platform left siblings out (hidden copies, a container's visible part), so
 * that slot is tried first and the list searched only when it holds another child.
 */
const childWithIndex = (parent: IdentityNode, depth: number, index: number): IdentityNode | undefined => {
  const children = parent.children
  if (children === undefined) return undefined
  const guess = children[index]
  if (guess !== undefined && guess.path[depth] === index) return guess
  return children.find((child) => child.path[depth] === index)
}

/** The node at `path` below the window root, if it was read. */
export const nodeAtPath = <N extends IdentityNode>(root: N, path: ReadonlyArray<number>): N | undefined => {
  let node: IdentityNode | undefined = root
  for (let depth = 0; depth < path.length && node !== undefined; depth++) node = childWithIndex(node, depth, path[depth]!)
  // The platform's tree is homogeneous: a node below an N is an N.
  return node as N | undefined
}

/** `childCount` of the window root and each ancestor down to the node's parent; -1 where the path is unknown. */
export const pathChildCounts = (root: IdentityNode, path: ReadonlyArray<number>): Array<number> => {
  const counts: Array<number> = []
  let node: IdentityNode | undefined = root
  for (let depth = 0; depth < path.length; depth++) {
    counts.push(node?.childCount ?? -1)
    node = node === undefined ? undefined : childWithIndex(node, depth, path[depth]!)
  }
  return counts
}
