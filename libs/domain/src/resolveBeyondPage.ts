/**
 * Re-identification when the window holds big containers read by one page (a read takes a paged container's
 * children on the saved path only): look-alikes in the children the read left out are found by the platform's
 * search and grafted into the live read (`liveWithLookAlikes`), so the ref's uniqueness is proven against the whole
 * container, not only the page its snapshot read.
 *
 * A snapshot that read one page proved the ref unique by its stable fields alone when no other node of the page had
 * them; a look-alike beyond the page makes that proof void, so the ref is told apart now the way capture tells twins
 * apart (captureIdentities.ts): by kind, else by place below its nearest named ancestor, taken at its saved place
 * under an unchanged structural fingerprint. Elements that agree on all of it are true twins: `Twin`, never a guess.
 */
import { captureIdentities } from "./captureIdentities.js"
import type { IdentityNode } from "./IdentityNode.js"
import type { RefEntry } from "./RefEntry.js"
import { resolveIdentity, type IdentityResolution } from "./resolveIdentity.js"
import { matchesQualified } from "./StableIdentity.js"
import { nodeAtPath, pathChildCounts, pathKey } from "./WindowIndex.js"

export type BeyondPageResolution<N extends IdentityNode> = IdentityResolution<N> | { readonly _tag: "Twin"; readonly node: N }

export const resolveBeyondPage = <N extends IdentityNode>(
  entry: RefEntry,
  liveWithLookAlikes: N,
  options: { readonly complete: boolean }
): BeyondPageResolution<N> => {
  const resolution = resolveIdentity(entry, liveWithLookAlikes, options)
  if (resolution._tag !== "Ambiguous" || !options.complete) return resolution
  const atPath = nodeAtPath(liveWithLookAlikes, entry.path)
  if (atPath === undefined || entry.path_child_counts === undefined || !matchesQualified(entry, atPath, liveWithLookAlikes)) return resolution
  if (pathKey(pathChildCounts(liveWithLookAlikes, entry.path)) !== pathKey(entry.path_child_counts)) return resolution
  const [identity] = captureIdentities(liveWithLookAlikes, [atPath], options).identities
  if (identity?.unique_at_capture === true) return { _tag: "Unique", node: atPath, match: "exact" }
  return identity?.twin === true ? { _tag: "Twin", node: atPath } : resolution
}
