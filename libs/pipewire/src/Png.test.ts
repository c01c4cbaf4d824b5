import { assert, describe, it } from "@effect/vitest"
import { crc32, inflateSync } from "node:zlib"
import { encodePng } from "./Png.js"

describe("PNG from the addon's scanlines", () => {
  it("writes the signature, an RGB IHDR of the size, the rows deflated, and chunk CRCs", () => {
    const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, /* row 2 */ 0, 0, 0, 255, 1, 2, 3])
    const png = encodePng(2, 2, rows)
    assert.deepStrictEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    assert.strictEqual(png.subarray(12, 16).toString("ascii"), "IHDR")
    assert.strictEqual(png.readUInt32BE(16), 2)
    assert.strictEqual(png.readUInt32BE(20), 2)
    assert.deepStrictEqual([png[24], png[25]], [8, 2])
    assert.strictEqual(png.readUInt32BE(29), crc32(png.subarray(12, 29)))
    const idatLength = png.readUInt32BE(33)
    assert.strictEqual(png.subarray(37, 41).toString("ascii"), "IDAT")
    assert.deepStrictEqual(inflateSync(png.subarray(41, 41 + idatLength)), rows)
    assert.strictEqual(png.subarray(png.length - 8, png.length - 4).toString("ascii"), "IEND")
  })

  it("refuses scanlines of the wrong length", () => {
    assert.throws(() => encodePng(3, 1, Buffer.alloc(5)), /expected 10/)
  })
})
