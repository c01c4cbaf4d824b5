/**
 * Documents still loading. Right after a big page's title appears, its document holds a few nodes and the rest
 * arrives over seconds (a 50,000-row table in Firefox ESR: "Table 50000", 2 children, BUSY, for more than 8 s after
 * the title changed). A read of it is not the page: such a document is marked (`loading`) and the read is
 * incomplete (`loading`), so no answer says `complete: true` or "no match" about a page that is not there yet. Only
 * showing documents count: a background tab that loads does not make the visible window partial.
 *
 * Two signals, both of the document itself (no toolkit is named):
 * - BUSY: the page is loading (Firefox ESR 153, Chromium 156 once the page's tree has arrived);
 * - in a window that shows a title, a web document with no children whose Document attributes are all empty (no
 *   address, no MIME type, no title): a stand-in for a page whose tree has not arrived yet. Chromium 156 swaps the
 *   old page's document for one, shows the new page's title on the window, and only 1.3 s to more than 3 s later (a
 *   5,000-item page, measured with libatspi on a loaded 2-core machine) swaps in the page's document, BUSY; while a
 *   page's image is held back, for as long as it is held. A loaded page, even an empty one, has its address
 *   (about:blank too). Chromium's two untitled popup windows hold such an empty document for good: an untitled
 *   window shows no page, so its empty document is just empty. Only childless documents are asked (one call each),
 *   so a loaded page costs no call more.
 */
import { AtspiState } from "../../atspi/States.js"
import type { RawNode } from "../RawNode.js"
import type { RawTree } from "../RawTree.js"

/** AT-SPI roles of documents that load: document frame (82), document web (95). */
const DOCUMENT_ROLES: ReadonlySet<number> = new Set([82, 95])
/** Document web (95): a document that has an address. */
const WEB_DOCUMENT = 95

const showingDocuments = (tree: RawTree): Array<RawNode> => {
  const found: Array<RawNode> = []
  const visit = (node: RawTree) => {
    const raw = node.node
    if (DOCUMENT_ROLES.has(raw.role) && raw.states.has(AtspiState.showing)) found.push(raw)
    for (const child of node.children ?? []) visit(child)
  }
  visit(tree)
  return found
}

/** Marks each showing document in BUSY state; returns how many there are. */
export const markLoading = (tree: RawTree): number => {
  let loading = 0
  for (const raw of showingDocuments(tree)) {
    if (raw.states.has(AtspiState.busy)) {
      raw.loading = true
      loading++
    }
  }
  return loading
}

/** A showing web document with no children and the Document interface: it may be a stand-in (asked). */
const mayBeStandIn = (raw: RawNode): boolean =>
  raw.role === WEB_DOCUMENT && !raw.loading && raw.childCount === 0 && raw.interfaces.includes("Document")

/** Everything a document says of itself is empty: it has no page yet. */
export const isStandIn = (attributes: Readonly<Record<string, string>>): boolean =>
  Object.values(attributes).every((value) => value.trim() === "")

/**
 * Marks each showing web document of a titled window that stands in for a page not arrived yet (asked with
 * `attributesOf`, which answers undefined where it could not be read: no evidence, never loading); returns how many
 * there are.
 */
export const markStandIns = async (
  window: RawTree,
  attributesOf: (node: RawNode) => Promise<Readonly<Record<string, string>> | undefined>
): Promise<number> => {
  if (window.node.name.trim() === "") return 0
  const candidates = showingDocuments(window).filter(mayBeStandIn)
  if (candidates.length === 0) return 0
  const answers = await Promise.all(candidates.map(attributesOf))
  let standIns = 0
  candidates.forEach((raw, index) => {
    const attributes = answers[index]
    if (attributes !== undefined && isStandIn(attributes)) {
      raw.loading = true
      standIns++
    }
  })
  return standIns
}
