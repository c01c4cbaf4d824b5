/**
 * The part of an element a person can see: its bounds clipped by every viewport above it (scroll areas, a web page's
 * document) and by its window. A long list's full extent runs far past its window (a 5,000-row list: its centre at
 * y=2424 in a 900 px window), yet its visible part is on screen and is what a pointer can reach; pointer input aims
 * at the visible part's centre, and an element with no visible part is not in view.
 */
import type { Bounds, ObservedNode } from "@agent-desktop/platform"

/** Roles that clip their descendants to their own bounds (what scrolls). */
const VIEWPORT_ROLES: ReadonlySet<string> = new Set(["scrollarea", "webarea"])

const intersect = (a: Bounds, b: Bounds): Bounds | undefined => {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  const right = Math.min(a.x + a.width, b.x + b.width)
  const bottom = Math.min(a.y + a.height, b.y + b.height)
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined
}

/** The viewports (with a size) on the path from the window root down to the node, outermost first. */
const viewportsAbove = (windowRoot: ObservedNode, path: ReadonlyArray<number>): Array<Bounds> => {
  const out: Array<Bounds> = []
  let node: ObservedNode | undefined = windowRoot
  for (let depth = 0; depth < path.length && node !== undefined; depth++) {
    if (VIEWPORT_ROLES.has(node.role) && node.bounds !== undefined && node.bounds.width > 0 && node.bounds.height > 0) out.push(node.bounds)
    const index = path[depth]
    const children: ReadonlyArray<ObservedNode> = node.children ?? []
    node = children.find((child) => child.path[depth] === index)
  }
  return out
}

/** The visible part of `node` (bounds on screen), or undefined when none of it is in view. */
export const visiblePart = (windowRoot: ObservedNode, node: ObservedNode, window: Bounds | undefined): Bounds | undefined => {
  let part: Bounds | undefined = node.bounds
  if (part === undefined || part.width <= 0 || part.height <= 0) return undefined
  for (const clip of [...viewportsAbove(windowRoot, node.path), ...(window === undefined ? [] : [window])]) {
    part = intersect(part, clip)
    if (part === undefined) return undefined
  }
  return part
}
