/**
 * What can be read: raw pixels (a capture's buffer, any row stride) or an encoded image (PNG; Leptonica also reads
 * JPEG, TIFF, BMP, PNM and WebP). Raw images are checked here so a bad buffer is a clear error, never a read past
 * its end in the addon (which checks again).
 */
import { OcrError } from "./OcrError.js"

export type PixelFormat = "gray" | "rgb" | "rgba" | "bgra"

export interface RawImage {
  readonly kind: "raw"
  /** `rgba`/`bgra` also cover RGBX/BGRX (X11 ZPixmap on little-endian is BGRX); the fourth byte is ignored. */
  readonly format: PixelFormat
  readonly data: Uint8Array
  readonly width: number
  readonly height: number
  /** Bytes from one row to the next; width × bytes per pixel when omitted. */
  readonly stride?: number
}

export interface EncodedImage {
  readonly kind: "encoded"
  readonly data: Uint8Array
}

export type OcrImage = RawImage | EncodedImage

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export const BYTES_PER_PIXEL: Readonly<Record<PixelFormat, number>> = { gray: 1, rgb: 3, rgba: 4, bgra: 4 }

export const pngImage = (data: Uint8Array): EncodedImage => ({ kind: "encoded", data })

export const rawImage = (format: PixelFormat, data: Uint8Array, width: number, height: number, stride?: number): RawImage =>
  stride === undefined ? { kind: "raw", format, data, width, height } : { kind: "raw", format, data, width, height, stride }

/**
 * The X11 addon's `captureRoot` result (PNG scanlines: a filter byte, then RGB, per row) as a raw image without a
 * copy: the pixels start one byte in and rows are 1 + 3 × width apart.
 */
export const scanlineImage = (capture: { readonly width: number; readonly height: number; readonly rows: Uint8Array }): RawImage =>
  rawImage("rgb", capture.rows.subarray(1), capture.width, capture.height, 1 + 3 * capture.width)

const isInt = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n)

/** The image's size, or an `invalid_image` error naming the first thing wrong. Encoded images are sized by the addon. */
export const checkRawImage = (image: RawImage): OcrError | undefined => {
  const bpp = BYTES_PER_PIXEL[image.format]
  if (bpp === undefined) return invalid(`unknown pixel format ${String(image.format)} (gray, rgb, rgba or bgra)`)
  if (!isInt(image.width) || !isInt(image.height) || image.width < 1 || image.height < 1) {
    return invalid(`width and height must be positive integers (got ${image.width}x${image.height})`)
  }
  const stride = image.stride ?? image.width * bpp
  if (!isInt(stride) || stride < image.width * bpp) return invalid(`stride ${stride} is less than width × ${bpp} bytes`)
  const needed = (image.height - 1) * stride + image.width * bpp
  if (image.data.byteLength < needed) {
    return invalid(`the buffer has ${image.data.byteLength} bytes; ${image.width}x${image.height} ${image.format} rows of stride ${stride} need ${needed}`)
  }
  return undefined
}

export const checkRegion = (region: Rect, size?: { readonly width: number; readonly height: number }): OcrError | undefined => {
  if (![region.x, region.y, region.width, region.height].every(isInt) || region.width < 1 || region.height < 1 || region.x < 0 || region.y < 0) {
    return new OcrError({ kind: "invalid_region", message: `the region must be integers with a positive size inside the image (got ${JSON.stringify(region)})` })
  }
  if (size !== undefined && (region.x + region.width > size.width || region.y + region.height > size.height)) {
    return new OcrError({
      kind: "invalid_region",
      message: `the region ${region.width}x${region.height}+${region.x}+${region.y} is not inside the ${size.width}x${size.height} image`
    })
  }
  return undefined
}

const invalid = (message: string) => new OcrError({ kind: "invalid_image", message })
