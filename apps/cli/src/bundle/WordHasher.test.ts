import { describe, expect, it } from "vitest"
import { referenceDigest, wordHasher } from "./WordHasher.js"

const filled = (size: number, seed: number) => {
  const hasher = wordHasher(size)
  let state = seed
  for (let i = 0; i < size; i++) {
    state = (Math.imul(state, 1103515245) + 12345) | 0
    hasher.bytes[i] = state >>> 24
  }
  return hasher
}

describe("wordHasher", () => {
  it("computes what its JavaScript reference computes (the WebAssembly loop is the reference loop)", () => {
    const size = 65_536 * 2 + 43
    const hasher = filled(size, 1)
    for (const [offset, length] of [[0, size], [16, size - 16], [40, 1001], [8, 3], [0, 0]] as const) {
      expect(hasher.digest("key", offset, length)).toEqual(referenceDigest(hasher.bytes, "key", offset, length))
    }
  })

  it("changes with any flipped bit, the length, the tail and the key", () => {
    const hasher = filled(4112, 2)
    const base = hasher.digest("key", 8, 4095)
    expect(hasher.digest("key", 8, 4094)).not.toEqual(base)
    expect(hasher.digest("kez", 8, 4095)).not.toEqual(base)
    for (const at of [8, 9, 500, 4096, 4102]) {
      hasher.bytes[at] = hasher.bytes[at]! ^ 0x10
      expect(hasher.digest("key", 8, 4095)).not.toEqual(base)
      hasher.bytes[at] = hasher.bytes[at]! ^ 0x10
    }
    expect(hasher.digest("key", 8, 4095)).toEqual(base)
  })

  it("refuses an unaligned or out-of-range request", () => {
    const hasher = wordHasher(64)
    expect(() => hasher.digest("", 2, 10)).toThrow(RangeError)
    expect(() => hasher.digest("", 0, 65)).toThrow(RangeError)
  })
})
