import { describe, expect, it } from "vitest"
import { recognitionFromTsv } from "./tesseractTsv.js"

const tsv = [
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
  "1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t",
  "4\t1\t1\t1\t1\t0\t24\t20\t200\t20\t-1\t",
  "5\t1\t1\t1\t1\t1\t24\t21\t98\t15\t96.5\tAccount",
  "5\t1\t1\t1\t1\t2\t130\t20\t95\t20\t95.1\tsettings",
  "5\t1\t2\t1\t1\t1\t10\t60\t5\t5\t12\t ",
  "5\t1\t2\t1\t1\t2\t40\t60\t30\t12\t91\tOK"
].join("\n")

describe("recognitionFromTsv", () => {
  it("keeps word rows with text, grouped by block/paragraph/line", () => {
    const r = recognitionFromTsv(tsv, { width: 800, height: 600 })
    expect(r.words.map((w) => [w.text, w.line, w.box.x])).toEqual([["Account", 0, 24], ["settings", 0, 130], ["OK", 1, 40]])
    expect(r.lines.map((l) => l.text)).toEqual(["Account settings", "OK"])
    expect(r.lines[0]!.box).toEqual({ x: 24, y: 20, width: 201, height: 20 })
  })
})
