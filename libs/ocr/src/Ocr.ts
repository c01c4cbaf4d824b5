/**
 * The OCR service for Effect programs (the engine in phase 2): the warm engines of `OcrEngines` behind Effects,
 * released with the layer's scope. Building the layer loads nothing; the addon and the first model load on the
 * first recognition, so commands that never read screen text never pay for it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { OcrEngines } from "./OcrEngines.js"
import { OcrError } from "./OcrError.js"
import type { OcrImage } from "./OcrImage.js"
import type { RecognizeOptions } from "./OcrOptions.js"
import type { Recognition } from "./Recognition.js"
import { reread, type Reread, type RereadOptions, type RereadTarget } from "./Reread.js"

const lift = <A>(run: () => Promise<A>): Effect.Effect<A, OcrError> =>
  Effect.tryPromise({
    try: run,
    catch: (error) => (error instanceof OcrError ? error : new OcrError({ kind: "failed", message: String(error) }))
  })

export class Ocr extends Context.Service<Ocr, {
  /** Loads the language's model now (a warm host can pay it before the first request). */
  readonly warm: (language?: string) => Effect.Effect<{ readonly initMs: number }, OcrError>
  readonly recognize: (image: OcrImage, options?: RecognizeOptions) => Effect.Effect<Recognition, OcrError>
  readonly reread: (image: OcrImage, target: RereadTarget, options?: RereadOptions) => Effect.Effect<Reread, OcrError>
}>()("@agent-desktop/ocr/Ocr") {
  static readonly layer = (options: { readonly datapath?: string } = {}): Layer.Layer<Ocr> =>
    Layer.effect(
      Ocr,
      Effect.gen(function*() {
        const engines = yield* Effect.acquireRelease(
          Effect.sync(() => new OcrEngines(options)),
          (opened) => Effect.promise(() => opened.close())
        )
        return Ocr.of({
          warm: (language) => lift(() => engines.warm(language)),
          recognize: (image, recognizeOptions) => lift(() => engines.recognize(image, recognizeOptions)),
          reread: (image, target, rereadOptions) => lift(() => reread(engines, image, target, rereadOptions))
        })
      })
    )
}
