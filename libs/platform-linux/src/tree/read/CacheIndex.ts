/**
 * The cache pass's data: `Cache.GetItems` (one call for the whole app) indexed by path and by parent, and the rule
 * for when a cached child list may stand for the live one.
 */
import type { CacheItem } from "../../atspi/CacheItem.js"
import type { ObjectRef } from "../../atspi/ObjectRef.js"
import { normalizeInterfaces, normalizeStates } from "../../toolkits/normalizeStates.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import type { RawNode } from "../RawNode.js"

export type CacheIndex = {
  readonly byPath: ReadonlyMap<string, CacheItem>
  readonly children: ReadonlyMap<string, ReadonlyArray<CacheItem>>
}

const inIndexOrder = (items: ReadonlyArray<CacheItem>): boolean => {
  for (let i = 1; i < items.length; i++) if (items[i - 1]!.indexInParent > items[i]!.indexInParent) return false
  return true
}

export const indexCache = (items: ReadonlyArray<CacheItem>): CacheIndex => {
  const byPath = new Map<string, CacheItem>()
  const children = new Map<string, Array<CacheItem>>()
  for (const item of items) {
    byPath.set(item.ref.path, item)
    const siblings = children.get(item.parent.path)
    if (siblings) siblings.push(item)
    else children.set(item.parent.path, [item])
  }
  for (const siblings of children.values()) {
    if (!inIndexOrder(siblings)) siblings.sort((a, b) => a.indexInParent - b.indexInParent)
  }
  return { byPath, children }
}

/**
 * The cache's child lists are only used when they are provably the live list: indexes exactly 0..n-1 and n equal
 * to the live child count. GTK3 reports -1 for menu items and stale indexes after reparenting.
 */
export const cacheOrderTrusted = (children: ReadonlyArray<CacheItem>, childCount: number): boolean => {
  if (childCount < 0 || children.length !== childCount) return false
  return children.every((child, index) => child.indexInParent === index)
}

/** The item's own reference where it names the same app (always, in practice): one object fewer per node. */
export const sameAppRef = (item: CacheItem, busName: string): ObjectRef =>
  item.ref.busName === busName ? item.ref : { busName, path: item.ref.path }

export const fromCache = (item: CacheItem, busName: string, profile: ToolkitProfile): RawNode => ({
  ref: sameAppRef(item, busName),
  role: item.role,
  name: item.name,
  description: item.description,
  states: normalizeStates(item.states, profile, item.role),
  interfaces: normalizeInterfaces(item.interfaces, item.role, profile),
  childCount: Math.max(0, item.childCount)
})
