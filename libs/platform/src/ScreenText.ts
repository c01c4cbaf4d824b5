/**
 * Text read from the screen's pixels (OCR): the `ocr` source of nodes, for windows and regions whose accessibility
 * tree is missing or opaque. Coordinates are global screen pixels.
 */
import type * as Effect from "effect/Effect"
import type { PlatformError } from "./PlatformError.js"
import type { Bounds } from "./TreeModel.js"

export interface ScreenWord {
  readonly text: string
  /** 0-100 */
  readonly confidence: number
  readonly bounds: Bounds
}

export interface ScreenLine {
  readonly text: string
  readonly confidence: number
  readonly bounds: Bounds
  readonly words: ReadonlyArray<ScreenWord>
}

/** What a re-read of a text near its old place found: the text again (where), or what the region shows now. */
export type Reread =
  | { readonly status: "found"; readonly bounds: Bounds; readonly text: string; readonly confidence: number }
  | { readonly status: "missing"; readonly seen: string }

/** A run of words of one line that matches a searched text. */
export interface ScreenMatch {
  readonly text: string
  readonly confidence: number
  readonly bounds: Bounds
  /** The whole line it is in. */
  readonly line: string
}

export interface ScreenTextShape {
  /** The lines of text in a screen region, in reading order. Fails PLATFORM_NOT_SUPPORTED without OCR here. */
  readonly read: (region: Bounds) => Effect.Effect<ReadonlyArray<ScreenLine>, PlatformError>
  /**
   * Runs of words in a screen region that contain `text` (`exact`: that are `text`), case and spacing folded, in
   * reading order.
   */
  readonly find: (region: Bounds, text: string, options: { readonly exact: boolean }) => Effect.Effect<ReadonlyArray<ScreenMatch>, PlatformError>
  /** `text` again near `bounds` (within `region`, which clips the search): before pointer input on an OCR node. */
  readonly reread: (region: Bounds, text: string, bounds: Bounds) => Effect.Effect<Reread, PlatformError>
}
