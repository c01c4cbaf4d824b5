/**
 * Handles of nodes that do not come from the platform's accessibility tree. A handle is what a RefEntry stores to
 * reach its element again, so each source's handle carries what that source re-identifies its nodes by:
 * - `cdp:` the DevTools endpoint, the page target, the frame and its document's loader, and the DOM node;
 * - `ocr:` the window, and the text's box in screen pixels when it was read (its text is the entry's name).
 * The platform's own handles (AT-SPI: `bus name + object path`) never start with either prefix.
 */
import type { Bounds, NodeSource } from "@agent-desktop/platform"

export interface CdpHandle {
  /** `host:port` of the loopback endpoint. */
  readonly endpoint: string
  readonly targetId: string
  readonly frameId: string
  readonly loaderId: string
  readonly backendNodeId: number
}

export interface OcrHandle {
  readonly windowId: string
  readonly bounds: Bounds
}

const CDP = "cdp:"
const OCR = "ocr:"

export const cdpHandle = (h: CdpHandle): string =>
  `${CDP}${JSON.stringify([h.endpoint, h.targetId, h.frameId, h.loaderId, h.backendNodeId])}`

export const ocrHandle = (h: OcrHandle): string =>
  `${OCR}${JSON.stringify([h.windowId, h.bounds.x, h.bounds.y, h.bounds.width, h.bounds.height])}`

const parts = (handle: string, prefix: string): ReadonlyArray<unknown> | undefined => {
  if (!handle.startsWith(prefix)) return undefined
  try {
    const value = JSON.parse(handle.slice(prefix.length)) as unknown
    return Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

export const parseCdpHandle = (handle: string): CdpHandle | undefined => {
  const p = parts(handle, CDP)
  if (p === undefined || p.length !== 5 || typeof p[4] !== "number" || !p.slice(0, 4).every((v) => typeof v === "string")) return undefined
  return { endpoint: p[0] as string, targetId: p[1] as string, frameId: p[2] as string, loaderId: p[3] as string, backendNodeId: p[4] }
}

export const parseOcrHandle = (handle: string): OcrHandle | undefined => {
  const p = parts(handle, OCR)
  if (p === undefined || p.length !== 5 || typeof p[0] !== "string" || !p.slice(1).every((v) => typeof v === "number")) return undefined
  const [x, y, width, height] = p.slice(1) as [number, number, number, number]
  return { windowId: p[0], bounds: { x, y, width, height } }
}

/** The source a handle belongs to. */
export const sourceOfHandle = (handle: string): NodeSource =>
  handle.startsWith(CDP) || handle.startsWith("cdp-text:") ? "cdp" : handle.startsWith(OCR) ? "ocr" : "atspi"
