/**
 * Proves, at capture, that each ref is unique in its window: no other node of the whole window carries its role
 * and stable fields. Proof needs the whole window; when the read was incomplete (deadline, or any subtree left
 * unread) nothing is proven and the snapshot is `identity_unproven` (seed 003).
 */
import type { IdentityNode } from "./IdentityNode.js"
import { identityOf, matchesIdentity } from "./StableIdentity.js"
import { indexWindow, pathChildCounts } from "./WindowIndex.js"

export interface CapturedIdentity {
  readonly unique_at_capture: boolean
  readonly path_child_counts: ReadonlyArray<number>
}

export interface CaptureResult {
  readonly identityUnproven: boolean
  /** One per ref node, in the order given. */
  readonly identities: ReadonlyArray<CapturedIdentity>
}

export const captureIdentities = (
  windowRoot: IdentityNode,
  refNodes: ReadonlyArray<IdentityNode>,
  options: { readonly complete: boolean }
): CaptureResult => {
  const index = indexWindow(windowRoot)
  const proven = options.complete && index.whole
  // Peers that can match at all share role, name and description (matchesIdentity compares them exactly): bucketed
  // once, a window of 6,700 uniquely named buttons is no longer 6,700 x 6,700 comparisons (5.8 s of a snapshot).
  const buckets = new Map<string, Array<IdentityNode>>()
  for (const [role, nodes] of index.byRole) {
    for (const peer of nodes) {
      const key = bucketKey(role, peer)
      const bucket = buckets.get(key)
      if (bucket === undefined) buckets.set(key, [peer])
      else bucket.push(peer)
    }
  }
  const identities = refNodes.map((node): CapturedIdentity => {
    const saved = identityOf(node)
    const peers = buckets.get(bucketKey(node.role, node)) ?? []
    const unique = proven && countUpTo(peers, (peer) => matchesIdentity(saved, peer), 2) === 1
    return { unique_at_capture: unique, path_child_counts: pathChildCounts(windowRoot, node.path) }
  })
  return { identityUnproven: !proven, identities }
}

const bucketKey = (role: string, node: IdentityNode): string => `${role}\u0000${node.name ?? ""}\u0000${node.description ?? ""}`

export const countUpTo = <A>(items: ReadonlyArray<A>, predicate: (item: A) => boolean, limit: number): number => {
  let count = 0
  for (const item of items) {
    if (predicate(item) && ++count >= limit) break
  }
  return count
}
