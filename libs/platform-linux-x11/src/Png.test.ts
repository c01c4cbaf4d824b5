import { describe, expect, it } from "vitest"
import { encodePng } from "./Png.js"
import { decodePng, pixelAt } from "@agent-desktop/platform"

describe("encodePng", () => {
  it("round-trips scanlines through the decoder", () => {
    const width = 3
    const height = 2
    const rows = Buffer.alloc(height * (1 + width * 3))
    const put = (x: number, y: number, rgb: [number, number, number]) => rows.set(rgb, y * (1 + width * 3) + 1 + x * 3)
    put(0, 0, [255, 0, 0])
    put(2, 1, [1, 2, 3])
    const png = encodePng(width, height, rows)
    const image = decodePng(png)
    expect([image.width, image.height, image.channels]).toEqual([3, 2, 3])
    expect(pixelAt(image, 0, 0)).toEqual([255, 0, 0])
    expect(pixelAt(image, 2, 1)).toEqual([1, 2, 3])
    expect(pixelAt(image, 1, 1)).toEqual([0, 0, 0])
  })

  it("refuses scanlines of the wrong size", () => {
    expect(() => encodePng(2, 2, Buffer.alloc(5))).toThrow(/expected 14/)
  })
})
