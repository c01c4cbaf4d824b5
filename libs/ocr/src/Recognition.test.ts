import { describe, expect, it } from "vitest"
import type { RawRecognition } from "./Addon.js"
import { toRecognition, translateRecognition } from "./Recognition.js"

const settings = { language: "eng", scale: 2, segmentation: "sparse", dpi: 96, border: 10 } as const
const raw: RawRecognition = {
  width: 200,
  height: 100,
  prepare_ms: 1,
  recognize_ms: 2,
  words: [
    { text: "Save", confidence: 95, x: 10, y: 10, width: 30, height: 10, line: 1, paragraph: 0, block: 0 },
    { text: "As", confidence: 90, x: 45, y: 10, width: 15, height: 10, line: 1, paragraph: 0, block: 0 }
  ],
  lines: [
    { confidence: 0, x: 0, y: 0, width: 5, height: 5, baseline: 5, paragraph: 0, block: 0, first_word: 0, word_count: 0 },
    { confidence: 92, x: 10, y: 10, width: 50, height: 10, baseline: 18, paragraph: 0, block: 0, first_word: 0, word_count: 2 }
  ]
}

describe("recognition", () => {
  it("drops word-less lines, renumbers words' lines and joins line text", () => {
    const r = toRecognition(raw, settings, 3)
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0]).toMatchObject({ text: "Save As", words: [0, 1], baseline: 18 })
    expect(r.words.map((w) => w.line)).toEqual([0, 0])
    expect(r.region).toEqual({ x: 0, y: 0, width: 200, height: 100 })
    expect(r.timings).toEqual({ queuedMs: 3, prepareMs: 1, recognizeMs: 2 })
  })

  it("translates every box by a window's origin", () => {
    const moved = translateRecognition(toRecognition(raw, settings, 0), { x: 100, y: 50 })
    expect(moved.words[0]!.box).toEqual({ x: 110, y: 60, width: 30, height: 10 })
    expect(moved.lines[0]!.box).toEqual({ x: 110, y: 60, width: 50, height: 10 })
    expect(moved.lines[0]!.baseline).toBe(68)
    expect(moved.region).toEqual({ x: 100, y: 50, width: 200, height: 100 })
    expect(moved.image).toEqual({ width: 200, height: 100 })
  })
})
