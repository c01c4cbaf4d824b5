/**
 * A recognition's result: words with their boxes and confidence, grouped into lines (Tesseract's text lines,
 * within paragraphs and blocks). Boxes are ink boxes in the coordinates of the image that was passed in (a region's
 * origin already added); a caller that captured a window adds the window's origin to get screen coordinates.
 */
import type { RawRecognition } from "./Addon.js"
import type { Rect } from "./OcrImage.js"
import type { ResolvedOptions } from "./OcrOptions.js"

export interface OcrWord {
  readonly text: string
  /** Tesseract's confidence, 0-100. */
  readonly confidence: number
  readonly box: Rect
  /** Index into `lines`. */
  readonly line: number
}

export interface OcrLine {
  /** The line's words joined by single spaces. */
  readonly text: string
  readonly confidence: number
  readonly box: Rect
  /** The baseline's y at the line's left edge. */
  readonly baseline: number
  readonly block: number
  readonly paragraph: number
  /** Indices into `words`, in reading order. */
  readonly words: ReadonlyArray<number>
}

export interface Recognition {
  /** The whole image's size. */
  readonly image: { readonly width: number; readonly height: number }
  /** What was read: the region, or the whole image. */
  readonly region: Rect
  readonly words: ReadonlyArray<OcrWord>
  readonly lines: ReadonlyArray<OcrLine>
  readonly settings: ResolvedOptions
  readonly timings: {
    /** Waiting for the engine (another recognition with the same language was running). */
    readonly queuedMs: number
    /** Gray conversion, scaling, framing (in the worker). */
    readonly prepareMs: number
    /** Tesseract's layout analysis and recognition. */
    readonly recognizeMs: number
  }
}

const box = (r: { x: number; y: number; width: number; height: number }): Rect => ({ x: r.x, y: r.y, width: r.width, height: r.height })

export const toRecognition = (raw: RawRecognition, settings: ResolvedOptions, queuedMs: number): Recognition => {
  // Tesseract can report a text line whose only "words" were blank; such lines are dropped and the rest renumbered.
  const kept = raw.lines.filter((l) => l.word_count > 0)
  const lineIndex = new Map(kept.map((l, i) => [l, i]))
  const renumber = raw.lines.map((l) => lineIndex.get(l) ?? -1)
  const words: Array<OcrWord> = raw.words.map((w) => ({ text: w.text, confidence: w.confidence, box: box(w), line: renumber[w.line]! }))
  const lines: Array<OcrLine> = kept.map((l) => {
    const indices = Array.from({ length: l.word_count }, (_, i) => l.first_word + i)
    return {
      text: indices.map((i) => words[i]!.text).join(" "),
      confidence: l.confidence,
      box: box(l),
      baseline: l.baseline,
      block: l.block,
      paragraph: l.paragraph,
      words: indices
    }
  })
  return {
    image: { width: raw.width, height: raw.height },
    region: settings.region ?? { x: 0, y: 0, width: raw.width, height: raw.height },
    words,
    lines,
    settings,
    timings: { queuedMs, prepareMs: raw.prepare_ms, recognizeMs: raw.recognize_ms }
  }
}

const shift = (r: Rect, dx: number, dy: number): Rect => ({ x: r.x + dx, y: r.y + dy, width: r.width, height: r.height })

/**
 * The recognition with every box moved by `origin`: a window's capture read in window coordinates becomes screen
 * coordinates (the region too; `image` keeps its size).
 */
export const translateRecognition = (recognition: Recognition, origin: { readonly x: number; readonly y: number }): Recognition => ({
  ...recognition,
  region: shift(recognition.region, origin.x, origin.y),
  words: recognition.words.map((w) => ({ ...w, box: shift(w.box, origin.x, origin.y) })),
  lines: recognition.lines.map((l) => ({ ...l, box: shift(l.box, origin.x, origin.y), baseline: l.baseline + origin.y }))
})
