/**
 * The addon on real Tesseract (Debian's libtesseract and English model), on images ImageMagick rendered with known
 * words: PNG and raw pixels in each format read the same, regions, the async worker leaving the event loop free,
 * one engine shared by concurrent callers, and the precise errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accuracy } from "./Accuracy.js"
import { OcrEngines } from "./OcrEngines.js"
import { OcrError } from "./OcrError.js"
import { pngImage, rawImage } from "./OcrImage.js"
import { findText } from "./TextSearch.js"
import { rawPixels, renderWords, uiScene, type Rendered } from "../test/renderWords.js"

let engines: OcrEngines
let light: Rendered

describe("OcrEngines on Tesseract", () => {
  beforeAll(async () => {
    engines = new OcrEngines()
    light = renderWords(uiScene())
    const { initMs } = await engines.warm("eng")
    expect(initMs).toBeGreaterThan(0)
  })
  afterAll(() => engines.close())

  it("reads ≥ 95% of the words of a PNG at a UI size, boxes within 4 px of the truth", async () => {
    const result = await engines.recognize(pngImage(light.png))
    const score = accuracy(light.truth, result)
    expect(score.missed).toEqual([])
    expect(score.recall).toBeGreaterThanOrEqual(0.95)
    expect(score.withinTolerance).toBe(score.found)
    expect(result.image).toEqual({ width: 640, height: 360 })
    // words are grouped into lines whose text is the words joined
    const line = result.lines.find((l) => l.text.startsWith("Automatically"))!
    expect(line.text).toBe("Automatically connect when available")
    expect(line.words.map((i) => result.words[i]!.line)).toEqual(line.words.map(() => result.lines.indexOf(line)))
  })

  it.each([
    ["dark theme, 12 px", { background: "#2b2b2b", fill: "#eeeeee", size: 12 }],
    ["serif, 14 px", { font: "DejaVu-Serif", size: 14 }],
    ["monospace, 13 px", { font: "DejaVu-Sans-Mono", size: 13 }],
    ["small, 11 px", { size: 11 }]
  ])("%s: at least 95 in 100 words found, boxes within 4 px", async (_name, options) => {
    const rendered = renderWords(uiScene(options))
    const score = accuracy(rendered.truth, await engines.recognize(pngImage(rendered.png)))
    expect(score.recall).toBeGreaterThanOrEqual(0.95)
    expect(score.offBox).toEqual([])
  })

  it("raw pixels in every format and a padded stride read the same as the PNG", async () => {
    const fromPng = await engines.recognize(pngImage(light.png))
    const summary = (r: { words: ReadonlyArray<{ text: string; box: unknown }> }) => r.words.map((w) => [w.text, w.box])
    for (const format of ["gray", "rgb", "rgba", "bgra"] as const) {
      const tight = rawPixels(light.png, format)
      const bpp = { gray: 1, rgb: 3, rgba: 4, bgra: 4 }[format]
      // each row padded by 7 bytes, as a capture's scanlines may be
      const stride = 640 * bpp + 7
      const padded = Buffer.alloc(stride * 360, 0xab)
      for (let y = 0; y < 360; y++) tight.copy(padded, y * stride, y * 640 * bpp, (y + 1) * 640 * bpp)
      const fromRaw = await engines.recognize(rawImage(format, padded, 640, 360, stride))
      expect(summary(fromRaw), format).toEqual(summary(fromPng))
    }
  })

  it("a region reads only what is inside it, with boxes in the image's coordinates", async () => {
    const region = { x: 250, y: 40, width: 390, height: 80 }
    const result = await engines.recognize(pngImage(light.png), { region })
    expect(result.region).toEqual(region)
    const inside = light.truth.filter((t) => t.box.x >= region.x && t.box.y >= region.y && t.box.x + t.box.width <= region.x + region.width && t.box.y + t.box.height <= region.y + region.height)
    expect(inside.map((t) => t.text)).toEqual(["Office", "Wi-Fi", "(5", "GHz)", "proxy.example.com:8080"])
    const score = accuracy(inside, result)
    expect(score.missed).toEqual([])
    expect(score.offBox).toEqual([])
    expect(result.words.map((w) => w.text)).not.toContain("Connection")
    // the same region of a raw image
    const raw = await engines.recognize(rawImage("rgb", rawPixels(light.png, "rgb"), 640, 360), { region })
    expect(raw.words.map((w) => [w.text, w.box])).toEqual(result.words.map((w) => [w.text, w.box]))
  })

  it("finds a two-word caption and returns its union box", async () => {
    const result = await engines.recognize(pngImage(light.png))
    const [match, ...rest] = findText(result, { text: "connection NAME" })
    expect(rest).toEqual([])
    const truth = light.truth.filter((t) => t.text === "Connection" || t.text === "name")
    expect(match!.text).toBe("Connection name")
    expect(match!.box.x).toBeCloseTo(truth[0]!.box.x, -1)
    expect(Math.abs(match!.box.x + match!.box.width - (truth[1]!.box.x + truth[1]!.box.width))).toBeLessThanOrEqual(4)
  })

  it("recognises on a worker thread: the event loop keeps running meanwhile", async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const pending = engines.recognize(pngImage(light.png), { scale: 3 })
    let ticksBeforeDone = -1
    void pending.then(() => (ticksBeforeDone = ticks))
    await pending
    clearInterval(timer)
    expect(ticksBeforeDone).toBeGreaterThan(0)
  })

  it("concurrent callers share one engine, one recognition at a time, each with its own result", async () => {
    const dark = renderWords(uiScene({ background: "#2b2b2b", fill: "#eeeeee" }))
    const [a, b, c] = await Promise.all([
      engines.recognize(pngImage(light.png)),
      engines.recognize(pngImage(dark.png)),
      engines.recognize(pngImage(light.png), { region: { x: 0, y: 280, width: 640, height: 60 } })
    ])
    expect(accuracy(light.truth, a).recall).toBeGreaterThanOrEqual(0.95)
    expect(accuracy(dark.truth, b).recall).toBeGreaterThanOrEqual(0.95)
    expect(c.words.map((w) => w.text)).toEqual(["Forget", "Cancel", "Connect"])
    // one at a time, in order: the second waited at least as long as the first took in Tesseract, the third as long
    // as the first two did
    expect(b.timings.queuedMs).toBeGreaterThanOrEqual(a.timings.recognizeMs)
    expect(c.timings.queuedMs).toBeGreaterThanOrEqual(a.timings.recognizeMs + b.timings.recognizeMs)
    expect(engines.stats().find((s) => s.language === "eng")!.recognitions).toBeGreaterThanOrEqual(3)
  })

  it("errors are precise: a missing language names its Debian package, bad images and regions say what is wrong", async () => {
    const missing = await engines.recognize(pngImage(light.png), { language: "deu" }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(OcrError)
    expect(missing).toMatchObject({ kind: "language_unavailable", missing: ["tesseract-ocr-deu"] })
    await expect(engines.recognize(pngImage(Buffer.from("not an image")))).rejects.toMatchObject({ kind: "invalid_image" })
    await expect(engines.recognize(rawImage("rgb", Buffer.alloc(10), 640, 360))).rejects.toMatchObject({ kind: "invalid_image" })
    await expect(engines.recognize(pngImage(light.png), { region: { x: 600, y: 0, width: 100, height: 10 } })).rejects.toMatchObject({ kind: "invalid_region" })
    await expect(engines.recognize(pngImage(light.png), { scale: 9 })).rejects.toMatchObject({ kind: "invalid_options" })
    // 20,000 px wide at scale 2 is past Tesseract's 32,767 px limit
    await expect(engines.recognize(rawImage("gray", Buffer.alloc(20_000 * 2, 255), 20_000, 2))).rejects.toMatchObject({ kind: "invalid_region", message: expect.stringMatching(/32767/) })
    await expect(engines.recognize(pngImage(light.png), { language: "../etc" })).rejects.toMatchObject({ kind: "invalid_options" })
  })

  it("a closed pool refuses new work with engine_closed", async () => {
    const own = new OcrEngines()
    await own.recognize(pngImage(light.png), { region: { x: 0, y: 0, width: 200, height: 40 } })
    await own.close()
    await expect(own.recognize(pngImage(light.png))).rejects.toMatchObject({ kind: "engine_closed" })
  })

  it("without the addon every call says what to install", async () => {
    const absent = new OcrEngines({ load: () => ({ _tag: "Unavailable", reason: "the OCR addon is not built (missing Debian packages: libtesseract-dev)", missing: ["libtesseract-dev"] }) })
    await expect(absent.recognize(pngImage(light.png))).rejects.toMatchObject({ kind: "unavailable", missing: ["libtesseract-dev"] })
  })
})
