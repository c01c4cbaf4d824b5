import { describe, expect, it } from "vitest"
import type { Recognition } from "./Recognition.js"
import { editDistance, findText, normalizeText, similarity } from "./TextSearch.js"

/** A recognition of the given lines, each word 10 px per character wide, lines 20 px apart. */
const recognitionOf = (lines: ReadonlyArray<string>): Recognition => {
  const words: Array<Recognition["words"][number]> = []
  const out: Array<Recognition["lines"][number]> = []
  lines.forEach((text, li) => {
    let x = 0
    const indices: Array<number> = []
    for (const w of text.split(" ")) {
      indices.push(words.length)
      words.push({ text: w, confidence: 90 - li, box: { x, y: li * 20, width: w.length * 10, height: 12 }, line: li })
      x += w.length * 10 + 5
    }
    out.push({ text, confidence: 90, box: { x: 0, y: li * 20, width: x - 5, height: 12 }, baseline: li * 20 + 10, block: 0, paragraph: 0, words: indices })
  })
  return {
    image: { width: 800, height: 600 },
    region: { x: 0, y: 0, width: 800, height: 600 },
    words,
    lines: out,
    settings: { language: "eng", scale: 2, segmentation: "sparse", dpi: 96, border: 10 },
    timings: { queuedMs: 0, prepareMs: 0, recognizeMs: 0 }
  }
}

describe("findText", () => {
  const r = recognitionOf(["File Edit View", "Save As…", "Reset password", "Save changes", "Unsaved: save now"])

  it("matches a run of words case-insensitively and boxes their union", () => {
    const [m, ...rest] = findText(r, { text: "reset PASSWORD" })
    expect(rest).toEqual([])
    expect(m).toMatchObject({ text: "Reset password", line: 2, words: [5, 6], similarity: 1 })
    expect(m!.box).toEqual({ x: 0, y: 40, width: 50 + 5 + 80, height: 12 })
  })

  it("contains: every occurrence in reading order, each as its smallest run of words", () => {
    const matches = findText(r, { text: "save" })
    expect(matches.map((m) => [m.text, m.line])).toEqual([
      ["Save", 1],
      ["Save", 3],
      ["Unsaved:", 4],
      ["save", 4]
    ])
  })

  it("words and line modes need whole words or the whole line; case can be kept", () => {
    expect(findText(r, { text: "save", match: "words" }).map((m) => m.line)).toEqual([1, 3, 4])
    expect(findText(r, { text: "Save", match: "words", caseSensitive: true }).map((m) => m.line)).toEqual([1, 3])
    expect(findText(r, { text: "save changes", match: "line" }).map((m) => m.line)).toEqual([3])
    expect(findText(r, { text: "save", match: "line" })).toEqual([])
  })

  it("typographic punctuation matches its plain form", () => {
    expect(findText(r, { text: "Save As...", match: "line" }).map((m) => m.line)).toEqual([1])
    expect(normalizeText("It’s  “fine” – ok")).toBe(`it's "fine" - ok`)
  })

  it("fuzzy matches only when asked, scored by edit distance", () => {
    const misread = recognitionOf(["Reset passw0rd", "Cance1"])
    expect(findText(misread, { text: "Reset password" })).toEqual([])
    const [m] = findText(misread, { text: "Reset password", minSimilarity: 0.9 })
    expect(m).toMatchObject({ text: "Reset passw0rd", similarity: 1 - 1 / 14 })
    expect(findText(misread, { text: "Cancel", match: "words", minSimilarity: 0.8 })[0]).toMatchObject({ text: "Cance1" })
    expect(findText(misread, { text: "Apply", minSimilarity: 0.8 })).toEqual([])
  })

  it("an empty query finds nothing; the lowest word confidence is the match's", () => {
    expect(findText(r, { text: "   " })).toEqual([])
    expect(findText(r, { text: "File Edit" })[0]!.confidence).toBe(90)
  })

  it("edit distance and similarity", () => {
    expect(editDistance("kitten", "sitting")).toBe(3)
    expect(similarity("", "")).toBe(1)
    expect(similarity("abc", "abd")).toBeCloseTo(2 / 3)
  })
})
