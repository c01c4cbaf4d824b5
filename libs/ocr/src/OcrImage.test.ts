import { describe, expect, it } from "vitest"
import { checkRawImage, checkRegion, rawImage, scanlineImage } from "./OcrImage.js"
import { resolveOptions } from "./OcrOptions.js"
import { OcrError } from "./OcrError.js"

describe("image and option checks", () => {
  it("accepts a buffer exactly long enough, the last row without its padding", () => {
    // 3 rows of stride 10, last row needs only width*bpp = 6 bytes: 2*10 + 6 = 26
    expect(checkRawImage(rawImage("rgb", new Uint8Array(26), 2, 3, 10))).toBeUndefined()
    expect(checkRawImage(rawImage("rgb", new Uint8Array(25), 2, 3, 10))).toMatchObject({ kind: "invalid_image" })
  })

  it("rejects a stride shorter than a row, a zero size and an unknown format", () => {
    expect(checkRawImage(rawImage("rgba", new Uint8Array(100), 4, 2, 15))?.message).toMatch(/stride 15/)
    expect(checkRawImage(rawImage("gray", new Uint8Array(100), 0, 2))).toBeInstanceOf(OcrError)
    expect(checkRawImage({ kind: "raw", format: "cmyk" as never, data: new Uint8Array(100), width: 1, height: 1 })?.message).toMatch(/unknown pixel format/)
  })

  it("a capture's PNG scanlines are RGB one byte in, rows 1 + 3w apart, without a copy", () => {
    const rows = new Uint8Array(2 * (1 + 3 * 4))
    const image = scanlineImage({ width: 4, height: 2, rows })
    expect(image).toMatchObject({ format: "rgb", width: 4, height: 2, stride: 13 })
    expect(image.data.buffer).toBe(rows.buffer)
    expect(image.data.byteOffset).toBe(1)
    expect(checkRawImage(image)).toBeUndefined()
  })

  it("regions must lie inside the image", () => {
    expect(checkRegion({ x: 0, y: 0, width: 10, height: 10 }, { width: 10, height: 10 })).toBeUndefined()
    expect(checkRegion({ x: 1, y: 0, width: 10, height: 10 }, { width: 10, height: 10 })).toMatchObject({ kind: "invalid_region" })
    expect(checkRegion({ x: 0.5, y: 0, width: 1, height: 1 })).toMatchObject({ kind: "invalid_region" })
  })

  it("options resolve to the screen-text defaults and reject out-of-range values", () => {
    expect(resolveOptions()).toEqual({ language: "eng", scale: 2, segmentation: "sparse", dpi: 96, border: 10 })
    // the default scale brings the text to 192 dpi: 1x on a HiDPI screen, never below 1 or above 4
    expect(resolveOptions({ dpi: 192 })).toMatchObject({ scale: 1, dpi: 192 })
    expect(resolveOptions({ dpi: 288 })).toMatchObject({ scale: 1 })
    expect(resolveOptions({ dpi: 40 })).toMatchObject({ scale: 4 })
    expect(resolveOptions({ dpi: 120 })).toMatchObject({ scale: 1.6 })
    expect(resolveOptions({ scale: 0.5 })).toMatchObject({ kind: "invalid_options" })
    expect(resolveOptions({ segmentation: "columns" as never })).toMatchObject({ kind: "invalid_options" })
    expect(resolveOptions({ dpi: 96.5 })).toMatchObject({ kind: "invalid_options" })
    expect(resolveOptions({ border: -1 })).toMatchObject({ kind: "invalid_options" })
  })
})
