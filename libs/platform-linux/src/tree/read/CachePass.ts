/**
 * The cache pass: a node the app's cache holds with its whole, provably live child list is taken without a call
 * (most of a browser page), synchronously; anything else is left to the live pass.
 */
import type { ObjectRef } from "../../atspi/ObjectRef.js"
import { cacheOrderTrusted, fromCache, sameAppRef } from "./CacheIndex.js"
import type { DetailPass } from "./DetailPass.js"
import type { NodeRead, ReadContext } from "./ReadContext.js"

export class CachePass {
  constructor(private readonly read: ReadContext, private readonly details: DetailPass) {}

  /** One node's structure and its child refs from the cache, or undefined (the node is read live). */
  node(ref: ObjectRef, depth: number): NodeRead | undefined {
    const cache = this.read.cache
    const cached = cache?.byPath.get(ref.path)
    const cachedChildren = cached && (cache!.children.get(ref.path) ?? [])
    // A trusted child list matches the node's child count, so the count needs no correction here.
    if (cached && cachedChildren && cacheOrderTrusted(cachedChildren, cached.childCount) && cachedChildren.length <= this.read.limits.maxChildrenPerNode) {
      const node = fromCache(cached, ref.busName, this.read.profile)
      const childRefs = cachedChildren.map((child, index) => ({ ref: sameAppRef(child, ref.busName), index }))
      if (!this.read.dropped(node, depth)) this.details.schedule(node)
      return { node, childRefs, capped: false }
    }
    return undefined
  }
}
