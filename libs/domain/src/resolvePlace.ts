/**
 * A read's way back to a container that was never proven unique: the node at the saved path, with the saved role
 * and stable fields, under an unchanged structural fingerprint (`path_child_counts`, as the rename tier of
 * resolveIdentity uses it), in a whole live read.
 *
 * Only for reads (`snapshot --root`, `find --root`): a cut container is a page anchor, and an unnamed table or
 * GtkGrid is often one of several look-alikes (identity_not_unique), which would leave its omitted children
 * reachable only through `find`. Reading the wrong container could show the wrong rows, never act on them; the
 * refs a drill-down prints are proven on their own against the whole window. Actions never use this: a ref that
 * is not proven unique still refuses them.
 */
import type { IdentityNode } from "./IdentityNode.js"
import type { RefEntry } from "./RefEntry.js"
import { matchesIdentity } from "./StableIdentity.js"
import { indexWindow, nodeAtPath, pathChildCounts, pathKey } from "./WindowIndex.js"

export const resolvePlace = <N extends IdentityNode>(entry: RefEntry, liveWindowRoot: N, options: { readonly complete: boolean }): N | undefined => {
  if (!options.complete || entry.path_child_counts === undefined || !indexWindow(liveWindowRoot).whole) return undefined
  const node = nodeAtPath(liveWindowRoot, entry.path)
  if (node === undefined || !matchesIdentity(entry, node)) return undefined
  return pathKey(pathChildCounts(liveWindowRoot, entry.path)) === pathKey(entry.path_child_counts) ? node : undefined
}
