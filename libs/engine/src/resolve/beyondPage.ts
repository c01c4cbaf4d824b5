/**
 * A ref's uniqueness across the big containers its window holds (containers with more children than one read
 * takes: `ObservedNode.paged`). A snapshot reads one page of such a container, and a ref's proof at capture covered
 * that page only; before an action, the children the live read left out are searched for look-alikes (same role and
 * stable fields) through the platform's paged search (AT-SPI Collection where the toolkit serves it, child ranges
 * otherwise), within the action's budget. What it finds is grafted into the live read, and domain's
 * `resolveBeyondPage` decides the way capture decides on twins. A search that cannot finish in the budget proves
 * nothing and says so (`resolution_identity_unknown`, reason `paged_search_incomplete`); it never guesses.
 *
 * One container is not searched: the one the ref sits in when the ref's nearest named ancestor is that container or
 * above it. Every element in that container's other children then sits at another place below that ancestor (its
 * child index in the container is part of the place), so none can be its twin; a table of thousands of unnamed rows
 * with an "Edit" button in each costs nothing here.
 */
import { matchesIdentity, valueIsIdentity, type RefEntry } from "@agent-desktop/domain"
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"

/** Containers read by one page that have children the read left out. */
export const unreadPaged = (root: ObservedNode): Array<ObservedNode> => {
  const out: Array<ObservedNode> = []
  const visit = (node: ObservedNode) => {
    if (node.paged === true && node.childCount > (node.children?.length ?? 0)) out.push(node)
    for (const child of node.children ?? []) visit(child)
  }
  visit(root)
  return out
}

const named = (node: ObservedNode): boolean => (node.name ?? "") !== "" || (node.description ?? "") !== ""

/** The read ancestors of the node at `path`, window root first (the node itself excluded). */
const ancestorsOf = (root: ObservedNode, path: ReadonlyArray<number>): Array<ObservedNode> => {
  const out: Array<ObservedNode> = []
  let node: ObservedNode | undefined = root
  for (let depth = 0; depth < path.length && node !== undefined; depth++) {
    out.push(node)
    const children: ReadonlyArray<ObservedNode> = node.children ?? []
    const index = path[depth]!
    const guess: ObservedNode | undefined = children[index]
    node = guess !== undefined && guess.path[depth] === index ? guess : children.find((child) => child.path[depth] === index)
  }
  return out
}

/**
 * The paged containers whose unread children may hold a twin of the element at `path`: all of them, except the one
 * on its path when its nearest named ancestor is that container or above it (see the module's note).
 */
export const containersToSearch = (root: ObservedNode, path: ReadonlyArray<number>): Array<ObservedNode> => {
  const ancestors = ancestorsOf(root, path)
  let anchorDepth = 0
  ancestors.forEach((node, depth) => {
    if (depth > 0 && named(node)) anchorDepth = depth
  })
  return unreadPaged(root).filter((container) => {
    const depth = container.path.length
    const onPath = depth < path.length && container.path.every((index, i) => index === path[i])
    return !(onPath && anchorDepth <= depth)
  })
}

/** The read with only `keep` left paged: the paged search searches those containers alone. */
export const pagedOnly = (root: ObservedNode, keep: ReadonlyArray<ObservedNode>): ObservedNode => {
  const kept = new Set(keep)
  const visit = (node: ObservedNode): ObservedNode => {
    const children = node.children?.map(visit)
    const changed = children !== undefined && children.some((child, i) => child !== node.children![i])
    if (node.paged === true && !kept.has(node)) {
      const { paged: _paged, ...rest } = node
      return { ...rest, ...(children === undefined ? {} : { children }) }
    }
    return changed ? { ...node, children } : node
  }
  return visit(root)
}

/** Look-alikes of a saved ref: its role and stable fields (domain's matchesIdentity), narrowed by role and name. */
export const lookAlikeQuery = (entry: RefEntry): PagedQuery => ({
  matches: (node) => matchesIdentity(entry, node),
  limit: 0,
  // Values and native ids are details a structural page read leaves out.
  fieldsOnly: entry.native_id === undefined && !valueIsIdentity(entry.role),
  narrow: { role: entry.role, ...((entry.name ?? "") === "" ? {} : { name: entry.name! }), exact: true }
})
