/**
 * PNG from the scanlines the addon laid out (filter byte 0 + RGB per pixel): one IHDR, one IDAT deflated by node's
 * zlib at level 1 (screen content is mostly flat colour, where higher levels cost several times the CPU for a few
 * percent of size), IEND.
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

export const encodePng = (width: number, height: number, rows: Buffer): Buffer => {
  if (rows.length !== height * (1 + width * 3)) throw new Error(`scanlines are ${rows.length} bytes, expected ${height * (1 + width * 3)}`)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(rows, { level: 1 })), chunk("IEND", Buffer.alloc(0))])
}
