/**
 * The cache pass: a node the app's cache holds with its whole, provably live child list is taken without a call
 * (most of a browser page), synchronously; anything else is left to the live pass.
 */
import type { ObjectRef } from "../../atspi/ObjectRef.js"
import { cacheOrderTrusted, fromCache, sameAppRef } from "./CacheIndex.js"
import { pagedIndexes } from "./ChildPages.js"
import type { DetailPass } from "./DetailPass.js"
import type { NodeRead, ReadContext } from "./ReadContext.js"

export class CachePass {
  constructor(private readonly read: ReadContext, private readonly details: DetailPass) {}

  /** One node's structure and its child refs from the cache, or undefined (the node is read live). */
  node(ref: ObjectRef, path: ReadonlyArray<number>, depth: number): NodeRead | undefined {
    const cache = this.read.cache
    const cached = cache?.byPath.get(ref.path)
    const cachedChildren = cached && (cache!.children.get(ref.path) ?? [])
    // A trusted child list matches the node's child count, so the count needs no correction here.
    if (cached && cachedChildren && cacheOrderTrusted(cachedChildren, cached.childCount)) {
      const node = fromCache(cached, ref.busName, this.read.profile)
      // A container with more children than a page takes one page of its cached list (indexes are positions here).
      const page = pagedIndexes(this.read, path, cachedChildren.length)
      const childRefs = page === undefined
        ? cachedChildren.map((child, index) => ({ ref: sameAppRef(child, ref.busName), index }))
        : page.map((index) => ({ ref: sameAppRef(cachedChildren[index]!, ref.busName), index }))
      if (!this.read.dropped(node, depth)) this.details.schedule(node)
      return { node, childRefs, capped: page === undefined ? false : "paged" }
    }
    return undefined
  }
}
