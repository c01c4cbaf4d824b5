/**
 * PNG from scanlines the addon already laid out (filter byte 0 + RGB per pixel): one IHDR, one IDAT deflated by
 * node's zlib, IEND. Level 1: screen content is mostly flat colour, where higher levels cost several times the CPU
 * for a few percent of size.
 */
import { crc32, deflateSync } from "node:zlib"

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const chunk = (type: string, data: Buffer): Buffer => {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, "ascii")
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

export const encodePng = (width: number, height: number, rgbRows: Buffer, level = 1): Buffer => {
  if (rgbRows.length !== height * (1 + width * 3)) {
    throw new Error(`scanlines are ${rgbRows.length} bytes, expected ${height * (1 + width * 3)}`)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  header[10] = 0 // deflate
  header[11] = 0 // adaptive filtering (every row uses filter 0)
  header[12] = 0 // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rgbRows, { level })),
    chunk("IEND", Buffer.alloc(0))
  ])
}
