/**
 * Proves, at capture, that each ref is unique in its window, in tiers (README "Ref identity"):
 *
 * 1. its stable fields: no other node of the whole window carries its role and stable fields;
 * 2. else its kind (IdentityContext.ts): no twin is the same kind of element (a password entry beside a plain one);
 * 3. else its place: no twin of the same kind sits at the same place below a look-alike nearest named ancestor
 *    (two unnamed text views side by side, a button inside a button of the same name).
 *
 * What passes tier 2 or 3 saves the fields that told it apart (`kind`, `context`), and resolution asks them again.
 * What passes none is a true twin: `unique_at_capture` false and `twin` true, so the snapshot can say so. Proof needs
 * the whole window; when the read was incomplete (deadline, or any subtree left unread) nothing is proven and the
 * snapshot is `identity_unproven` (seed 003).
 */
import { contextKey, contextOf, kindOf, type IdentityContext } from "./IdentityContext.js"
import type { IdentityNode } from "./IdentityNode.js"
import { identityOf, matchesIdentity } from "./StableIdentity.js"
import { indexWindow, pathChildCounts } from "./WindowIndex.js"

export interface CapturedIdentity {
  readonly unique_at_capture: boolean
  readonly path_child_counts: ReadonlyArray<number>
  /** Set when the stable fields had twins and the kind told this ref apart (or the kind and place did). */
  readonly kind?: string
  /** Set when only its place below its nearest named ancestor told this ref apart. */
  readonly context?: IdentityContext
  /** A true twin: the whole window was read and another element matches it in every field, kind and place. */
  readonly twin?: true
}

export interface CaptureResult {
  readonly identityUnproven: boolean
  /** One per ref node, in the order given. */
  readonly identities: ReadonlyArray<CapturedIdentity>
}

/** Twins sharing role, name and description, grouped once by kind and by kind and place (computed on demand). */
class TwinGroups {
  private byKind: Map<string, Array<IdentityNode>> | undefined
  private byPlace: Map<string, Array<IdentityNode>> | undefined
  private readonly contexts = new Map<IdentityNode, IdentityContext | undefined>()

  constructor(private readonly root: IdentityNode, readonly members: ReadonlyArray<IdentityNode>) {}

  context(node: IdentityNode): IdentityContext | undefined {
    if (!this.contexts.has(node)) this.contexts.set(node, contextOf(this.root, node))
    return this.contexts.get(node)
  }

  sameKind(kind: string): ReadonlyArray<IdentityNode> {
    this.byKind ??= groupBy(this.members, kindOf)
    return this.byKind.get(kind) ?? []
  }

  samePlace(kind: string, place: string): ReadonlyArray<IdentityNode> {
    this.byPlace ??= groupBy(this.members, (node) => `${kindOf(node)}\u0002${contextKey(this.context(node))}`)
    return this.byPlace.get(`${kind}\u0002${place}`) ?? []
  }
}

const groupBy = (nodes: ReadonlyArray<IdentityNode>, key: (node: IdentityNode) => string): Map<string, Array<IdentityNode>> => {
  const groups = new Map<string, Array<IdentityNode>>()
  for (const node of nodes) {
    const k = key(node)
    const group = groups.get(k)
    if (group === undefined) groups.set(k, [node])
    else group.push(node)
  }
  return groups
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
  const buckets = new Map<string, TwinGroups>()
  for (const [role, nodes] of index.byRole) {
    for (const peer of nodes) {
      const key = bucketKey(role, peer)
      const bucket = buckets.get(key)
      if (bucket === undefined) buckets.set(key, new TwinGroups(windowRoot, [peer]))
      else (bucket.members as Array<IdentityNode>).push(peer)
    }
  }
  const identities = refNodes.map((node): CapturedIdentity => {
    const path_child_counts = pathChildCounts(windowRoot, node.path)
    if (!proven) return { unique_at_capture: false, path_child_counts }
    const saved = identityOf(node)
    const peers = buckets.get(bucketKey(node.role, node))
    if (peers === undefined) return { unique_at_capture: false, path_child_counts }
    const matches = (peer: IdentityNode) => matchesIdentity(saved, peer)
    if (countUpTo(peers.members, matches, 2) === 1) return { unique_at_capture: true, path_child_counts }
    const kind = kindOf(node)
    if (countUpTo(peers.sameKind(kind), matches, 2) === 1) return { unique_at_capture: true, path_child_counts, kind }
    const context = peers.context(node)
    if (context !== undefined && countUpTo(peers.samePlace(kind, contextKey(context)), matches, 2) === 1) {
      return { unique_at_capture: true, path_child_counts, kind, context }
    }
    return { unique_at_capture: false, path_child_counts, twin: true }
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
