/**
 * The `tesseract` CLI's TSV output (`tesseract IMAGE stdout tsv`) as a Recognition, so the OCR bench scores the
 * peer's words and boxes with the same measure as ours. Rows of level 5 are words; a line is (block, paragraph,
 * line) numbers.
 */
import type { Recognition } from "@agent-desktop/ocr"

export const recognitionFromTsv = (tsv: string, size: { width: number; height: number }): Recognition => {
  const words: Array<Recognition["words"][number]> = []
  const lineKeys = new Map<string, number>()
  const lineWords: Array<Array<number>> = []
  for (const row of tsv.split("\n").slice(1)) {
    const cols = row.split("\t")
    if (cols.length < 12 || cols[0] !== "5") continue
    const text = cols.slice(11).join("\t").trim()
    if (text.length === 0) continue
    const [block, paragraph, line, left, top, width, height, conf] = [2, 3, 4, 6, 7, 8, 9, 10].map((i) => Number(cols[i]))
    const key = `${block}/${paragraph}/${line}`
    let index = lineKeys.get(key)
    if (index === undefined) {
      index = lineWords.length
      lineKeys.set(key, index)
      lineWords.push([])
    }
    lineWords[index]!.push(words.length)
    words.push({ text, confidence: conf!, box: { x: left!, y: top!, width: width!, height: height! }, line: index })
  }
  const lines = lineWords.map((indices) => {
    const boxes = indices.map((i) => words[i]!.box)
    const x = Math.min(...boxes.map((b) => b.x))
    const y = Math.min(...boxes.map((b) => b.y))
    const right = Math.max(...boxes.map((b) => b.x + b.width))
    const bottom = Math.max(...boxes.map((b) => b.y + b.height))
    return {
      text: indices.map((i) => words[i]!.text).join(" "),
      confidence: Math.min(...indices.map((i) => words[i]!.confidence)),
      box: { x, y, width: right - x, height: bottom - y },
      baseline: bottom,
      block: 0,
      paragraph: 0,
      words: indices
    }
  })
  return {
    image: size,
    region: { x: 0, y: 0, ...size },
    words,
    lines,
    settings: { language: "eng", scale: 1, segmentation: "auto", dpi: 70, border: 0 },
    timings: { queuedMs: 0, prepareMs: 0, recognizeMs: 0 }
  }
}
