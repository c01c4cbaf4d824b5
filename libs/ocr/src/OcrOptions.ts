/**
 * How a recognition runs. The defaults are chosen for screen text (UI fonts at 96 dpi) by the measurements in the
 * README: text is scaled up with linear interpolation to 192 dpi (2× on a 96 dpi screen) before Tesseract sees it, the page is segmented as
 * sparse text (labels scattered over a window rather than paragraphs), and the image gets a frame of its own
 * background so words touching a region's edge are still read.
 */
import type { Rect } from "./OcrImage.js"
import { OcrError } from "./OcrError.js"

/** Tesseract's page segmentation modes that make sense for screen text (its numbers in brackets). */
export type Segmentation =
  /** fully automatic layout analysis, no orientation detection (3) */
  | "auto"
  /** one uniform block of text (6) */
  | "block"
  /** one text line (7) */
  | "line"
  /** one word (8) */
  | "word"
  /** as much text as possible in no particular order (11) */
  | "sparse"

export const PSM: Readonly<Record<Segmentation, number>> = { auto: 3, block: 6, line: 7, word: 8, sparse: 11 }

export interface RecognizeOptions {
  /** Tesseract language list, e.g. `eng` or `eng+deu`; one warm engine per distinct list. Default `eng`. */
  readonly language?: string
  /** Read only this part of the image (image pixels); boxes still come back in image coordinates. */
  readonly region?: Rect
  /**
   * Upscaling before recognition, 1-4 (fractional allowed). Default: whatever brings the text to 192 dpi, i.e. 2 on
   * a 96 dpi screen and 1 on a HiDPI one at 192 dpi.
   */
  readonly scale?: number
  readonly segmentation?: Segmentation
  /** The image's resolution; screens are 96 unless the desktop scales. Default 96. */
  readonly dpi?: number
  /** Frame of background around the (scaled) image, in pixels. Default 10. */
  readonly border?: number
}

export interface ResolvedOptions {
  readonly language: string
  readonly region?: Rect
  readonly scale: number
  readonly segmentation: Segmentation
  readonly dpi: number
  readonly border: number
}

export const DEFAULTS = { language: "eng", segmentation: "sparse", dpi: 96, border: 10 } as const

/** The resolution text is brought to before recognition: 96 dpi UI text read best at 2x (README). */
export const TARGET_DPI = 192

export const defaultScale = (dpi: number): number => Math.min(4, Math.max(1, TARGET_DPI / dpi))

export const resolveOptions = (options: RecognizeOptions = {}): ResolvedOptions | OcrError => {
  const dpi = options.dpi ?? DEFAULTS.dpi
  const resolved: ResolvedOptions = {
    language: options.language ?? DEFAULTS.language,
    scale: options.scale ?? defaultScale(dpi),
    segmentation: options.segmentation ?? DEFAULTS.segmentation,
    dpi,
    border: options.border ?? DEFAULTS.border,
    ...(options.region !== undefined ? { region: options.region } : {})
  }
  if (!(typeof resolved.scale === "number" && resolved.scale >= 1 && resolved.scale <= 4)) return bad(`scale must be from 1 to 4 (got ${resolved.scale})`)
  if (PSM[resolved.segmentation] === undefined) return bad(`segmentation must be one of ${Object.keys(PSM).join(", ")} (got ${resolved.segmentation})`)
  if (!Number.isInteger(resolved.dpi) || resolved.dpi < 30 || resolved.dpi > 1200) return bad(`dpi must be an integer from 30 to 1200 (got ${resolved.dpi})`)
  if (!Number.isInteger(resolved.border) || resolved.border < 0 || resolved.border > 256) return bad(`border must be an integer from 0 to 256 (got ${resolved.border})`)
  return resolved
}

const bad = (message: string) => new OcrError({ kind: "invalid_options", message })
