import type { PageSession } from "./PageSession.js"

/** The element with the page's focus, through open shadow roots and same-origin frames (a cross-origin one stops). */
const DEEP_ACTIVE = `(() => {
  let e = document.activeElement;
  for (let depth = 0; e && depth < 32; depth++) {
    if (e.shadowRoot && e.shadowRoot.activeElement) { e = e.shadowRoot.activeElement; continue }
    let inner = null;
    try { inner = e.contentDocument && e.contentDocument.activeElement } catch (error) { inner = null }
    if (inner) { e = inner; continue }
    break
  }
  return e && e !== document.body && e !== document.documentElement ? e : null
})()`

/**
 * The DOM node (its backend id) that holds the page's focus, or undefined when none does (the body): how an element
 * focused another way (AT-SPI's GrabFocus) is found in the protocol's terms.
 */
export const focusedElement = async (session: PageSession): Promise<number | undefined> => {
  const { result } = await session.call("Runtime.evaluate", { expression: DEEP_ACTIVE }) as { result?: { objectId?: string } }
  if (result?.objectId === undefined) return undefined
  try {
    const { node } = await session.call("DOM.describeNode", { objectId: result.objectId }) as { node?: { backendNodeId?: number } }
    return node?.backendNodeId
  } finally {
    await session.call("Runtime.releaseObject", { objectId: result.objectId }).catch(() => undefined)
  }
}
