/**
 * What tells twins apart when their own stable fields do not (README "Ref identity", tiers "kind" and "place"):
 *
 * - **kind**: what the element is, beyond its role: the platform's `traits` (on Linux the AT-SPI role, interfaces
 *   and line mode: a password entry, a terminal and a plain entry are all `textfield`) and the `secure` state;
 * - **place**: where it sits as a person sees it: below its nearest named ancestor (a node with a name or a
 *   description: the "Menu" button holding a toggle button also named "Menu"; a tool bar box described "Borders"),
 *   at the same child indexes, under the same child counts (a sibling added or removed on the way changes a count,
 *   so a neighbour that shifted into the place is not taken).
 *
 * The window root anchors what has no named ancestor, whatever its title (a document's title changes as it is
 * edited). Elements that agree on all of this sit at the same place below look-alike ancestors: true twins.
 */
import type { IdentityNode } from "./IdentityNode.js"

/** The nearest named ancestor as identity: role, name and description (absent: the window root). */
export interface AnchorKey {
  readonly role: string
  readonly name?: string
  readonly description?: string
}

export interface IdentityContext {
  readonly anchor?: AnchorKey
  /** Child indexes from the anchor down to the element. */
  readonly place: ReadonlyArray<number>
  /** `childCount` of the anchor and of each node below it down to the element's parent. */
  readonly place_child_counts: ReadonlyArray<number>
}

/** The kind key: traits and the secure state ("" when the platform reports neither). */
export const kindOf = (node: IdentityNode): string => {
  const secure = node.states !== undefined && node.states.includes("secure")
  const traits = node.traits ?? ""
  return secure ? `${traits}\u0000secure` : traits
}

const named = (node: IdentityNode): boolean => (node.name ?? "") !== "" || (node.description ?? "") !== ""

/**
 * The read child of `parent` at index `index` of the path (`depth`): its slot in the read list first, as
 * WindowIndex.nodeAtPath does (a platform may leave hidden siblings out of the list).
 */
const childAt = (parent: IdentityNode, depth: number, index: number): IdentityNode | undefined => {
  const children = parent.children
  if (children === undefined) return undefined
  const guess = children[index]
  if (guess !== undefined && guess.path[depth] === index) return guess
  return children.find((child) => child.path[depth] === index)
}

/** The element's context in the window read `root`, or undefined when its path leaves what was read. */
export const contextOf = (root: IdentityNode, node: IdentityNode): IdentityContext | undefined => {
  const path = node.path
  let anchor: IdentityNode | undefined
  let anchorDepth = 0
  let current: IdentityNode | undefined = root
  const counts: Array<number> = []
  for (let depth = 0; depth < path.length; depth++) {
    counts.push(current.childCount)
    current = childAt(current, depth, path[depth]!)
    if (current === undefined) return undefined
    // A named node above the element anchors it; the element itself never does.
    if (depth < path.length - 1 && named(current)) {
      anchor = current
      anchorDepth = depth + 1
    }
  }
  return {
    ...(anchor === undefined ? {} : { anchor: anchorKeyOf(anchor) }),
    place: path.slice(anchorDepth),
    place_child_counts: counts.slice(anchorDepth)
  }
}

const anchorKeyOf = (node: IdentityNode): AnchorKey => ({
  role: node.role,
  ...((node.name ?? "") === "" ? {} : { name: node.name! }),
  ...((node.description ?? "") === "" ? {} : { description: node.description! })
})

const sameAnchor = (a: AnchorKey | undefined, b: AnchorKey | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : a.role === b.role && (a.name ?? "") === (b.name ?? "") && (a.description ?? "") === (b.description ?? "")

const sameNumbers = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i])

export const sameContext = (saved: IdentityContext, live: IdentityContext | undefined): boolean =>
  live !== undefined && sameAnchor(saved.anchor, live.anchor) && sameNumbers(saved.place, live.place) &&
  sameNumbers(saved.place_child_counts, live.place_child_counts)

/** A context as one comparable string (capture groups twins by it). */
export const contextKey = (context: IdentityContext | undefined): string =>
  context === undefined
    ? "\u0001unread"
    : `${context.anchor === undefined ? "" : `${context.anchor.role}\u0000${context.anchor.name ?? ""}\u0000${context.anchor.description ?? ""}`}` +
      `\u0001${context.place.join("/")}\u0001${context.place_child_counts.join("/")}`
