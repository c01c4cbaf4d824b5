/**
 * Which node of a new read is which ref of the base snapshot, so a diff keeps the base's numbers: `@new:e7` is the
 * element `@base:e7` named, and every unchanged element keeps its ref.
 *
 * A node is its base entry when both have the same live handle (the toolkit's object: its bus name and object path
 * on Linux) and the same role; where there is no handle (or the app made a new object), the same role, name and place
 * (child indexes from the window). Each base entry is taken at most once: two nodes can never share a ref.
 */
import { refKeyIndex, type RefEntry } from "@agent-desktop/domain"
import type { ObservedNode } from "@agent-desktop/platform"

export interface BaseNumbering {
  /** The base number this node keeps, or undefined for a node the base does not have. */
  readonly keepNumber: (node: ObservedNode) => number | undefined
  /** The base keys (`@eN`) some node kept so far. */
  readonly kept: () => ReadonlySet<string>
  /**
   * The base keys some node of a whole read matches, printed or not: an element a cut container did not print this
   * time (or that a find's snapshot had a ref for) is still there, not removed.
   */
  readonly present: (root: ObservedNode) => ReadonlySet<string>
}

const placeKey = (role: string, name: string | undefined, path: ReadonlyArray<number>): string =>
  `${role}\u0000${name ?? ""}\u0000${path.join(".")}`

export const baseNumbering = (base: Readonly<Record<string, RefEntry>>): BaseNumbering => {
  const byHandle = new Map<string, string>()
  const byPlace = new Map<string, string>()
  for (const [key, entry] of Object.entries(base)) {
    if (entry.handle !== "") byHandle.set(`${entry.handle}\u0000${entry.role}`, key)
    byPlace.set(placeKey(entry.role, entry.name, entry.path), key)
  }
  const kept = new Set<string>()
  const take = (key: string | undefined): number | undefined => {
    if (key === undefined || kept.has(key)) return undefined
    kept.add(key)
    return refKeyIndex(key)
  }
  return {
    keepNumber: (node) => {
      const byObject = node.handle === "" ? undefined : byHandle.get(`${node.handle}\u0000${node.role}`)
      return take(byObject !== undefined && !kept.has(byObject) ? byObject : byPlace.get(placeKey(node.role, node.name, node.path)))
    },
    kept: () => kept,
    present: (root) => {
      const found = new Set<string>()
      const stack = [root]
      while (stack.length > 0) {
        const node = stack.pop()!
        const byObject = node.handle === "" ? undefined : byHandle.get(`${node.handle}\u0000${node.role}`)
        const key = byObject ?? byPlace.get(placeKey(node.role, node.name, node.path))
        if (key !== undefined) found.add(key)
        for (const child of node.children ?? []) stack.push(child)
      }
      return found
    }
  }
}
