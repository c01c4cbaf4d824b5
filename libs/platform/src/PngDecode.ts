/**
 * A minimal decoder for 8-bit RGB/RGBA, non-interlaced PNGs (all five filters): enough to read back our own
 * screenshots and ImageMagick's in tests, to report a PNG's size, and to crop GNOME Shell's screenshots (the
 * Screenshot portal's). Not a general decoder.
 */
import { inflateSync } from "node:zlib"

export interface DecodedPng {
  readonly width: number
  readonly height: number
  readonly channels: number
  /** Unfiltered pixels, `channels` bytes each, row after row. */
  readonly pixels: Buffer
}

export const decodePng = (png: Uint8Array): DecodedPng => {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength)
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG")
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Array<Buffer> = []
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset)
    const type = buf.toString("ascii", offset + 4, offset + 8)
    const data = buf.subarray(offset + 8, offset + 8 + length)
    if (type === "IHDR") {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      if (data[8] !== 8 || data[12] !== 0) throw new Error("only 8-bit non-interlaced PNGs are supported")
      channels = data[9] === 2 ? 3 : data[9] === 6 ? 4 : 0
      if (channels === 0) throw new Error(`unsupported PNG colour type ${data[9]}`)
    } else if (type === "IDAT") {
      idat.push(data)
    } else if (type === "IEND") {
      break
    }
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const row = pixels.subarray(y * stride, (y + 1) * stride)
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : undefined
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels]! : 0
      const b = prev ? prev[x]! : 0
      const c = prev && x >= channels ? prev[x - channels]! : 0
      const v = src[x]!
      switch (filter) {
        case 0: row[x] = v; break
        case 1: row[x] = (v + a) & 0xff; break
        case 2: row[x] = (v + b) & 0xff; break
        case 3: row[x] = (v + ((a + b) >> 1)) & 0xff; break
        case 4: {
          const p = a + b - c
          const pa = Math.abs(p - a)
          const pb = Math.abs(p - b)
          const pc = Math.abs(p - c)
          row[x] = (v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff
          break
        }
        default: throw new Error(`bad PNG filter ${filter}`)
      }
    }
  }
  return { width, height, channels, pixels }
}

export const pixelAt = (image: DecodedPng, x: number, y: number): [number, number, number] => {
  const i = (y * image.width + x) * image.channels
  return [image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!]
}
