/**
 * How well a recognition matches known text: the measure behind the tests and the bench (≥ 95 % of words found,
 * boxes within 4 px). A true word is found when an unused recognised word has the same text (NFKC, typographic
 * quotes made plain, case kept) and overlaps its box; its box error is the largest distance between corresponding
 * edges.
 */
import type { Rect } from "./OcrImage.js"
import type { Recognition } from "./Recognition.js"
import { normalizeText } from "./TextSearch.js"

export interface TrueWord {
  readonly text: string
  readonly box: Rect
}

export interface Accuracy {
  readonly total: number
  readonly found: number
  /** found / total */
  readonly recall: number
  /** Found words whose box error is at most `tolerance`. */
  readonly withinTolerance: number
  readonly tolerance: number
  readonly maxBoxError: number
  readonly meanBoxError: number
  /** Recognised words that match no true word (noise, misreads). */
  readonly extra: number
  readonly missed: ReadonlyArray<{ readonly text: string; readonly box: Rect; readonly read?: string }>
  readonly offBox: ReadonlyArray<{ readonly text: string; readonly truth: Rect; readonly read: Rect; readonly error: number }>
}

const overlap = (a: Rect, b: Rect): number => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

export const boxError = (a: Rect, b: Rect): number =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.x + a.width - (b.x + b.width)), Math.abs(a.y + a.height - (b.y + b.height)))

export const accuracy = (truth: ReadonlyArray<TrueWord>, recognition: Recognition, tolerance = 4): Accuracy => {
  const used = new Set<number>()
  const errors: Array<number> = []
  const missed: Array<{ text: string; box: Rect; read?: string }> = []
  const offBox: Array<{ text: string; truth: Rect; read: Rect; error: number }> = []
  const words = recognition.words.map((w) => ({ ...w, norm: normalizeText(w.text, true) }))
  for (const t of truth) {
    const want = normalizeText(t.text, true)
    let best = -1
    let bestOverlap = 0
    let seen: string | undefined
    words.forEach((w, i) => {
      const o = overlap(w.box, t.box)
      if (o === 0) return
      if (used.has(i) || w.norm !== want) {
        if (o > bestOverlap && best < 0) seen = w.text
        return
      }
      if (o > bestOverlap || best < 0) {
        best = i
        bestOverlap = o
      }
    })
    if (best < 0) {
      missed.push(seen === undefined ? { text: t.text, box: t.box } : { text: t.text, box: t.box, read: seen })
      continue
    }
    used.add(best)
    const error = boxError(t.box, words[best]!.box)
    errors.push(error)
    if (error > tolerance) offBox.push({ text: t.text, truth: t.box, read: words[best]!.box, error })
  }
  const found = errors.length
  return {
    total: truth.length,
    found,
    recall: truth.length === 0 ? 1 : found / truth.length,
    withinTolerance: errors.filter((e) => e <= tolerance).length,
    tolerance,
    maxBoxError: found === 0 ? 0 : Math.max(...errors),
    meanBoxError: found === 0 ? 0 : errors.reduce((a, b) => a + b, 0) / found,
    extra: recognition.words.length - used.size,
    missed,
    offBox
  }
}
