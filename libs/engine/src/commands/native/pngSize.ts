/** Width and height from a PNG's IHDR, or undefined when the bytes are not a PNG. */
export const pngSize = (bytes: Uint8Array): { readonly width: number; readonly height: number } | undefined => {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < 24 || buf.readUInt32BE(0) !== 0x89504e47 || buf.readUInt32BE(4) !== 0x0d0a1a0a) return undefined
  if (buf.toString("ascii", 12, 16) !== "IHDR") return undefined
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}
