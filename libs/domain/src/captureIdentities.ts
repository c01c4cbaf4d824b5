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
  const identities = refNodes.map((node): CapturedIdentity => {
    const saved = identityOf(node)
    const peers = index.byRole.get(node.role) ?? []
    const unique = proven && countUpTo(peers, (peer) => matchesIdentity(saved, peer), 2) === 1
    return { unique_at_capture: unique, path_child_counts: pathChildCounts(index, node.path) }
  })
  return { identityUnproven: !proven, identities }
}

export const countUpTo = <A>(items: ReadonlyArray<A>, predicate: (item: A) => boolean, limit: number): number => {
  let count = 0
  for (const item of items) {
    if (predicate(item) && ++count >= limit) break
  }
  return count
}
