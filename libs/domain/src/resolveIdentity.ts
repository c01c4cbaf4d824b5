/**
 * Re-identifies a saved ref in a fresh read of its window (contract 2.6; README "Ref identity"). Tiers, in order:
 *
 * 1. Not proven unique at capture -> NotUnique (identity_not_unique), whatever the window looks like now.
 * 2. Every live node with the saved role and stable fields is a candidate, and, for a ref told from its twins at
 *    capture by its kind or place (captureIdentities.ts), with that kind and place. Two or more -> Ambiguous
 *    (saved_ref_ambiguous: a twin appeared after capture); that holds even for a partial read.
 * 3. The live read was incomplete -> Unknown (resolution_identity_unknown): absence and uniqueness need it whole.
 * 4. Exactly one candidate -> Unique ("exact" at the saved path, else "moved").
 * 5. None, for a content-named role only: the node at the saved path, with the same role and every stable field
 *    but the name, under an unchanged structural fingerprint (`path_child_counts`), while no live node of that
 *    role still carries the saved name -> Unique ("renamed"): a label whose text is its name.
 * 6. Otherwise -> Absent (saved_ref_absent). Never the nearest look-alike.
 */
import type { IdentityNode } from "./IdentityNode.js"
import type { IdentityFailureKind } from "./IdentityFailureKind.js"
import type { RefEntry } from "./RefEntry.js"
import { CONTENT_NAMED_ROLES, type Role } from "./Roles.js"
import { kindOf } from "./IdentityContext.js"
import { matchesAllButName, matchesQualified } from "./StableIdentity.js"
import { countUpTo } from "./captureIdentities.js"
import { indexWindow, nodeAtPath, pathChildCounts, pathKey, type WindowIndex } from "./WindowIndex.js"

export type IdentityMatch = "exact" | "moved" | "renamed"

export type IdentityResolution<N extends IdentityNode> =
  | { readonly _tag: "Unique"; readonly node: N; readonly match: IdentityMatch }
  | { readonly _tag: "Absent" }
  | { readonly _tag: "Ambiguous" }
  | { readonly _tag: "NotUnique" }
  | { readonly _tag: "Unknown" }

export const resolveIdentity = <N extends IdentityNode>(
  entry: RefEntry,
  liveWindowRoot: N,
  options: { readonly complete: boolean }
): IdentityResolution<N> => {
  if (!entry.unique_at_capture) return { _tag: "NotUnique" }
  const index = indexWindow(liveWindowRoot)
  const candidates = (index.byRole.get(entry.role) ?? []).filter((node) => matchesQualified(entry, node, liveWindowRoot))
  if (candidates.length > 1) return { _tag: "Ambiguous" }
  if (!options.complete || !index.whole) return { _tag: "Unknown" }
  const [only] = candidates
  if (only !== undefined) {
    return { _tag: "Unique", node: only, match: pathKey(only.path) === pathKey(entry.path) ? "exact" : "moved" }
  }
  const renamed = renamedInPlace(entry, liveWindowRoot, index)
  return renamed === undefined ? { _tag: "Absent" } : { _tag: "Unique", node: renamed, match: "renamed" }
}

const renamedInPlace = <N extends IdentityNode>(entry: RefEntry, root: N, index: WindowIndex<N>): N | undefined => {
  if (!CONTENT_NAMED_ROLES.has(entry.role as Role) || entry.path_child_counts === undefined) return undefined
  const atPath = nodeAtPath(root, entry.path)
  if (atPath === undefined || !matchesAllButName(entry, atPath)) return undefined
  if (entry.kind !== undefined && kindOf(atPath) !== entry.kind) return undefined
  const liveCounts = pathChildCounts(root, entry.path)
  if (pathKey(liveCounts) !== pathKey(entry.path_child_counts)) return undefined
  const peers = index.byRole.get(entry.role) ?? []
  const savedNameStillShown = countUpTo(peers, (peer) => (peer.name ?? "") === (entry.name ?? ""), 1) > 0
  return savedNameStillShown ? undefined : atPath
}

export const identityFailureKind = (
  resolution: IdentityResolution<IdentityNode>
): IdentityFailureKind | undefined => {
  switch (resolution._tag) {
    case "Unique":
      return undefined
    case "Absent":
      return "saved_ref_absent"
    case "Ambiguous":
      return "saved_ref_ambiguous"
    case "NotUnique":
      return "identity_not_unique"
    case "Unknown":
      return "resolution_identity_unknown"
  }
}
