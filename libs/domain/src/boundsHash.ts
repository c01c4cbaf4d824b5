import type { RefBounds } from "./RefEntry.js"

/** FNV-1a (32-bit) of the rounded bounds: a cheap "did it move" fingerprint for RefEntry.bounds_hash. */
export const boundsHash = (bounds: RefBounds | undefined): string => {
  if (bounds === undefined) return "none"
  const text = [bounds.x, bounds.y, bounds.width, bounds.height].map((n) => Math.round(n)).join(",")
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}
