import { describe, expect, it } from "vitest"
import { accuracy, boxError } from "./Accuracy.js"
import type { Recognition } from "./Recognition.js"

const rec = (words: ReadonlyArray<[string, number, number, number, number]>): Recognition => ({
  image: { width: 100, height: 100 },
  region: { x: 0, y: 0, width: 100, height: 100 },
  words: words.map(([text, x, y, width, height]) => ({ text, confidence: 90, box: { x, y, width, height }, line: 0 })),
  lines: [],
  settings: { language: "eng", scale: 2, segmentation: "sparse", dpi: 96, border: 10 },
  timings: { queuedMs: 0, prepareMs: 0, recognizeMs: 0 }
})

describe("accuracy", () => {
  it("a word is found by text and overlap; its error is the largest edge distance", () => {
    const truth = [
      { text: "Save", box: { x: 10, y: 10, width: 30, height: 10 } },
      { text: "Save", box: { x: 60, y: 10, width: 30, height: 10 } },
      { text: "Open", box: { x: 10, y: 40, width: 30, height: 10 } }
    ]
    const score = accuracy(truth, rec([["Save", 11, 10, 30, 10], ["Save", 60, 9, 36, 10], ["0pen", 10, 40, 30, 10], ["|", 0, 90, 2, 8]]))
    expect(score).toMatchObject({ total: 3, found: 2, withinTolerance: 1, maxBoxError: 6, extra: 2 })
    expect(score.missed).toEqual([{ text: "Open", box: truth[2]!.box, read: "0pen" }])
    expect(score.offBox).toHaveLength(1)
  })

  it("one recognised word answers for one true word only", () => {
    const truth = [
      { text: "OK", box: { x: 0, y: 0, width: 10, height: 10 } },
      { text: "OK", box: { x: 2, y: 0, width: 10, height: 10 } }
    ]
    expect(accuracy(truth, rec([["OK", 1, 0, 10, 10]])).found).toBe(1)
    expect(boxError({ x: 0, y: 0, width: 10, height: 10 }, { x: 1, y: -2, width: 10, height: 12 })).toBe(2)
  })
})
