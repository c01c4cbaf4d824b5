/**
 * The `ocr` source's reading: a region of the screen captured through the display server and read by Tesseract
 * (@agent-desktop/ocr, one warm engine per process: a warm host pays the model load once). Boxes come back in
 * screen pixels.
 */
import { findText, OcrEngines, OcrError, pngImage, reread, translateRecognition, type Recognition } from "@agent-desktop/ocr"
import { PlatformError, type Bounds, type NativeDesktopShape, type ScreenLine, type ScreenTextShape } from "@agent-desktop/platform"
import { Effect } from "effect"

const platformErrorOf = (error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error
  if (error instanceof OcrError) {
    return error.kind === "unavailable" || error.kind === "language_unavailable"
      ? new PlatformError({
        code: "PLATFORM_NOT_SUPPORTED",
        message: `text cannot be read from the screen here: ${error.message}`,
        details: { kind: "ocr_unavailable", missing: error.missing ?? [] },
        suggestion: `Install ${(error.missing ?? []).length > 0 ? error.missing!.join(" ") : "tesseract-ocr tesseract-ocr-eng"} (Debian) and rebuild @agent-desktop/ocr`
      })
      : new PlatformError({ code: "ACTION_FAILED", message: `reading the screen's text failed: ${error.message}`, details: { kind: "ocr_failed", ocr_error: error.kind } })
  }
  return new PlatformError({ code: "INTERNAL", message: `reading the screen's text failed: ${error instanceof Error ? error.message : String(error)}` })
}

/** The screen point a capture of `region` starts at (X11 clips a capture to the screen, whose origin is 0,0). */
const originOf = (region: Bounds) => ({ x: Math.max(0, Math.round(region.x)), y: Math.max(0, Math.round(region.y)) })

const linesOf = (recognition: Recognition): ReadonlyArray<ScreenLine> =>
  recognition.lines.map((line) => ({
    text: line.text,
    confidence: line.confidence,
    bounds: line.box,
    words: line.words.map((index) => recognition.words[index]!).map((word) => ({ text: word.text, confidence: word.confidence, bounds: word.box }))
  }))

export const makeScreenText = (
  native: () => Effect.Effect<NativeDesktopShape, PlatformError>,
  engines: OcrEngines
): ScreenTextShape => {
  const capture = (region: Bounds) =>
    Effect.flatMap(native(), (desktop) => desktop.capture(region))
  return {
    read: (region) =>
      Effect.flatMap(capture(region), (shot) =>
        Effect.tryPromise({
          try: async () => linesOf(translateRecognition(await engines.recognize(pngImage(shot.png)), originOf(region))),
          catch: platformErrorOf
        })),
    find: (region, text, options) =>
      Effect.flatMap(capture(region), (shot) =>
        Effect.tryPromise({
          try: async () => {
            const recognition = translateRecognition(await engines.recognize(pngImage(shot.png)), originOf(region))
            return findText(recognition, { text, match: options.exact ? "words" : "contains" }).map((match) => ({
              text: match.text,
              confidence: match.confidence,
              bounds: match.box,
              line: recognition.lines[match.line]?.text ?? match.text
            }))
          },
          catch: platformErrorOf
        })),
    reread: (region, text, bounds) =>
      Effect.flatMap(capture(region), (shot) =>
        Effect.tryPromise({
          try: async () => {
            const origin = originOf(region)
            const box = { x: bounds.x - origin.x, y: bounds.y - origin.y, width: bounds.width, height: bounds.height }
            const found = await reread(engines, pngImage(shot.png), { text, box })
            if (found.status === "missing") return { status: "missing" as const, seen: found.seen }
            const match = found.match
            return {
              status: "found" as const,
              text: match.text,
              confidence: match.confidence,
              bounds: { x: match.box.x + origin.x, y: match.box.y + origin.y, width: match.box.width, height: match.box.height }
            }
          },
          catch: platformErrorOf
        }))
  }
}
