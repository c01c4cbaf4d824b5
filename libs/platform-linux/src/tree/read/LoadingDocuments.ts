/**
 * Documents still loading. Right after a big page's title appears, its document holds a few nodes and the rest
 * arrives over seconds (a 50,000-row table in Firefox ESR: "Table 50000", 2 children, BUSY, for more than 8 s after
 * the title changed). A read of it is not the page: such a document is marked (`loading`) and the read is
 * incomplete (`loading`), so no answer says `complete: true` or "no match" about a page that is not there yet. Only
 * showing documents count: a background tab that loads does not make the visible window partial.
 */
import { AtspiState } from "../../atspi/States.js"
import type { RawTree } from "../RawTree.js"

/** AT-SPI roles of documents that load: document frame (82), document web (95). */
const DOCUMENT_ROLES: ReadonlySet<number> = new Set([82, 95])

/** Marks each showing document in BUSY state; returns how many there are. */
export const markLoading = (tree: RawTree): number => {
  let loading = 0
  const visit = (node: RawTree) => {
    const raw = node.node
    if (DOCUMENT_ROLES.has(raw.role) && raw.states.has(AtspiState.busy) && raw.states.has(AtspiState.showing)) {
      raw.loading = true
      loading++
    }
    for (const child of node.children ?? []) visit(child)
  }
  visit(tree)
  return loading
}
