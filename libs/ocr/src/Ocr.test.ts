/** The Effect service on real Tesseract: recognise and re-read through the layer; failures are typed OcrErrors. */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { Ocr } from "./Ocr.js"
import { OcrError } from "./OcrError.js"
import { pngImage } from "./OcrImage.js"
import { findText } from "./TextSearch.js"
import { renderWords, uiScene } from "../test/renderWords.js"

describe("Ocr service", () => {
  it("recognises and re-reads through the layer; a bad image fails with a typed error", async () => {
    const { png } = renderWords(uiScene())
    const program = Effect.gen(function*() {
      const ocr = yield* Ocr
      const warm = yield* ocr.warm("eng")
      const result = yield* ocr.recognize(pngImage(png), { region: { x: 0, y: 280, width: 640, height: 60 } })
      const [connect] = findText(result, { text: "Connect", match: "words" })
      const again = yield* ocr.reread(pngImage(png), connect!)
      const failure = yield* Effect.flip(ocr.recognize(pngImage(Buffer.from("not a png"))))
      return { warm, words: result.words.map((w) => w.text), again, failure }
    })
    const out = await Effect.runPromise(program.pipe(Effect.provide(Ocr.layer())))
    expect(out.warm.initMs).toBeGreaterThan(0)
    expect(out.words).toEqual(["Forget", "Cancel", "Connect"])
    expect(out.again).toMatchObject({ status: "found", offset: { dx: 0, dy: 0 } })
    expect(out.failure).toBeInstanceOf(OcrError)
    expect(out.failure.kind).toBe("invalid_image")
  })
})
