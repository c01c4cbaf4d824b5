/**
 * The visible children of a container that manages its descendants (AT-SPI MANAGES_DESCENDANTS: a spreadsheet, a
 * big tree view), found without enumerating it: hit tests (`Component.GetAccessibleAtPoint`) over the container's
 * on-screen area on a grid the size of its first visible child, then each hit's index in the container. At most
 * `maxHitTests` look-ups; the caller reports the container as truncated.
 */
import type { Accessible, Extents } from "../atspi/Accessible.js"
import { isNullRef } from "../atspi/Accessible.js"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import type { RawNode } from "./RawNode.js"

export interface IndexedRef {
  readonly ref: ObjectRef
  /** Index in the parent (what the child's path segment is). */
  readonly index: number
}

/** Grid points (cell centres) covering `area` in steps of `cell`, row by row, at most `max`. */
export const hitGrid = (area: Extents, cell: { width: number; height: number }, max: number): Array<[number, number]> => {
  const stepX = Math.max(4, cell.width)
  const stepY = Math.max(4, cell.height)
  const points: Array<[number, number]> = []
  for (let y = area.y + Math.min(stepY / 2, area.height / 2); y < area.y + area.height; y += stepY) {
    for (let x = area.x + Math.min(stepX / 2, area.width / 2); x < area.x + area.width; x += stepX) {
      if (points.length >= max) return points
      points.push([Math.round(x), Math.round(y)])
    }
  }
  return points
}

export const visibleManagedChildren = async (
  container: Accessible,
  node: RawNode,
  maxHitTests: number,
  timeout: () => number
): Promise<Array<IndexedRef>> => {
  const area = node.bounds ?? await container.extents(timeout()).catch(() => undefined)
  if (!area || area.width <= 0 || area.height <= 0) return []
  const first = await container.accessibleAtPoint(area.x + 2, area.y + 2, timeout())
  if (isNullRef(first)) return []
  const firstBox = await container.sibling(first.path).extents(timeout()).catch(() => undefined)
  const cell = firstBox && firstBox.width > 0 && firstBox.height > 0 ? firstBox : { width: 24, height: 24 }
  const points = hitGrid(area, cell, maxHitTests)
  const hits = await Promise.all(points.map(([x, y]) => container.accessibleAtPoint(x, y, timeout()).catch(() => undefined)))
  const unique = new Map<string, ObjectRef>()
  for (const hit of [first, ...hits]) if (hit && !isNullRef(hit) && hit.path !== node.ref.path) unique.set(hit.path, hit)
  const withIndex = await Promise.all([...unique.values()].map(async (ref) => {
    const index = await container.sibling(ref.path).indexInParent(timeout()).catch(() => -1)
    return { ref: { busName: node.ref.busName, path: ref.path }, index }
  }))
  return withIndex.filter((child) => child.index >= 0).sort((a, b) => a.index - b.index)
}
