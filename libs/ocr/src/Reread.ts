/**
 * Re-finding a word before acting on it: an OCR ref carries the text it showed and its box; before a pointer
 * action the caller captures the screen again and asks whether that text is still there. Only a margin around the
 * old box is read (a few ms rather than a window's worth), with the same settings the ref was found with, and the
 * nearest sufficiently similar run of words wins. The answer says how far it moved, so the caller decides whether a
 * move is acceptable (a scrolled list) or a reason to refuse (another control took the place).
 */
import type { OcrEngines } from "./OcrEngines.js"
import { OcrError } from "./OcrError.js"
import type { OcrImage, Rect } from "./OcrImage.js"
import type { RecognizeOptions } from "./OcrOptions.js"
import type { Recognition } from "./Recognition.js"
import { findText, type TextMatch } from "./TextSearch.js"

export interface RereadTarget {
  readonly text: string
  /** Where it was, in the image's coordinates. */
  readonly box: Rect
}

export interface RereadOptions extends Omit<RecognizeOptions, "region"> {
  /** Pixels read around the old box on each side; default max(16, 2 × its height). */
  readonly margin?: number
  /** Default 0.8: one misread character in five still counts as the same text. */
  readonly minSimilarity?: number
  readonly caseSensitive?: boolean
}

export type Reread =
  | {
      readonly status: "found"
      readonly match: TextMatch
      /** The match's centre minus the old box's centre. */
      readonly offset: { readonly dx: number; readonly dy: number }
      readonly recognition: Recognition
    }
  | {
      readonly status: "missing"
      /** What the region shows now, for the caller's message. */
      readonly seen: string
      readonly recognition: Recognition
    }

/** Whole pixels; + 0 turns Math.round's -0 (a shift of less than half a pixel left) into 0. */
const roundOffset = (d: number) => Math.round(d) + 0

const center = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })

/** The image's size: raw images carry it; for PNG it is in the IHDR chunk. */
export const imageSize = (image: OcrImage): { width: number; height: number } => {
  if (image.kind === "raw") return { width: image.width, height: image.height }
  const d = image.data
  const png = d.byteLength >= 24 && d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47
  if (!png) throw new OcrError({ kind: "invalid_image", message: "re-reading a region needs raw pixels or a PNG" })
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

export const rereadRegion = (box: Rect, size: { width: number; height: number }, margin?: number): Rect => {
  const m = margin ?? Math.max(16, 2 * box.height)
  const x0 = Math.max(0, Math.floor(box.x - m))
  const y0 = Math.max(0, Math.floor(box.y - m))
  const x1 = Math.min(size.width, Math.ceil(box.x + box.width + m))
  const y1 = Math.min(size.height, Math.ceil(box.y + box.height + m))
  if (x1 <= x0 || y1 <= y0) throw new OcrError({ kind: "invalid_region", message: `the box ${JSON.stringify(box)} is outside the ${size.width}x${size.height} image` })
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

export const reread = async (engines: OcrEngines, image: OcrImage, target: RereadTarget, options: RereadOptions = {}): Promise<Reread> => {
  const { margin, minSimilarity, caseSensitive, ...recognize } = options
  const region = rereadRegion(target.box, imageSize(image), margin)
  const recognition = await engines.recognize(image, { ...recognize, region })
  const matches = findText(recognition, {
    text: target.text,
    match: "words",
    minSimilarity: minSimilarity ?? 0.8,
    ...(caseSensitive !== undefined ? { caseSensitive } : {})
  })
  const was = center(target.box)
  const distance = (m: TextMatch) => Math.hypot(center(m.box).x - was.x, center(m.box).y - was.y)
  const best = [...matches].sort((a, b) => b.similarity - a.similarity || distance(a) - distance(b))[0]
  if (best === undefined) return { status: "missing", seen: recognition.lines.map((l) => l.text).join("\n"), recognition }
  const now = center(best.box)
  return { status: "found", match: best, offset: { dx: roundOffset(now.x - was.x), dy: roundOffset(now.y - was.y) }, recognition }
}
