/**
 * A 64-bit digest of a large byte range at native speed with nothing to load: a 103-byte WebAssembly module runs
 * the hot loop over a memory the caller reads its file into (no copy). The code cache's seal (CachedScript.ts) is
 * checked on every engine call: node:crypto cost ~7 ms to load, and the same loop in JavaScript runs once per
 * process, mostly before V8 optimises it (5-10 ms for a 600 KB cache).
 *
 * The module's one function, in WebAssembly text:
 *
 *   (func (export "h") (param $p i32) (param $n i32) (param $x i32) (param $mul i32) (result i32) (local $end i32)
 *     (local.set $end (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 2))))
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $p) (local.get $end)))
 *       (local.set $x (i32.xor (local.tee $x (i32.mul (i32.xor (local.get $x) (i32.load (local.get $p))) (local.get $mul)))
 *                              (i32.shr_u (local.get $x) (i32.const 15))))
 *       (local.set $p (i32.add (local.get $p) (i32.const 4)))
 *       (br 0)))
 *     (local.get $x))
 *
 * with the memory imported as `e.m`. `laneReference` below is the same loop in JavaScript (the tests compare them).
 */
const MODULE = Uint8Array.from([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 9, 1, 96, 4, 127, 127, 127, 127, 1, 127, 2, 8, 1, 1, 101, 1, 109, 2, 0, 1, 3, 2, 1,
  0, 7, 5, 1, 1, 104, 0, 0, 10, 61, 1, 59, 1, 1, 127, 32, 0, 32, 1, 65, 2, 116, 106, 33, 4, 2, 64, 3, 64, 32, 0, 32,
  4, 79, 13, 1, 32, 2, 32, 0, 40, 2, 0, 115, 32, 3, 108, 34, 2, 32, 2, 65, 15, 118, 115, 33, 2, 32, 0, 65, 4, 106, 33,
  0, 12, 0, 11, 11, 32, 2, 11
])

type Lane = (pointer: number, words: number, seed: number, multiplier: number) => number

/** The part of the WebAssembly global used here (the project compiles without the DOM library that declares it). */
declare const WebAssembly: {
  readonly Memory: new (descriptor: { readonly initial: number }) => { readonly buffer: ArrayBuffer }
  readonly Module: new (bytes: Uint8Array) => object
  readonly Instance: new (module: object, imports: object) => { readonly exports: Readonly<Record<string, unknown>> }
}

let compiled: object | undefined

/** One lane over `words` little-endian 32-bit words of `view` from `offset`, as the WebAssembly function does. */
export const laneReference = (view: Uint8Array, offset: number, words: number, seed: number, multiplier: number): number => {
  const data = new DataView(view.buffer, view.byteOffset, view.byteLength)
  let x = seed | 0
  for (let i = 0; i < words; i++) {
    const t = Math.imul(x ^ data.getInt32(offset + i * 4, true), multiplier)
    x = t ^ (t >>> 15)
  }
  return x
}

/** The tail bytes, the length and the key through both lanes, folded to 8 bytes. */
const fold = (lanes: readonly [number, number], tail: Uint8Array, length: number, key: string): Buffer => {
  let [a, b] = lanes
  const rest: Array<number> = [...tail, length]
  for (let i = 0; i < key.length; i++) rest.push(key.charCodeAt(i))
  for (const value of rest) {
    a = Math.imul(a ^ value, 0x01000193) ^ (b >>> 15)
    b = Math.imul(b ^ a, 0x85ebca77) ^ (b >>> 13)
  }
  const digest = Buffer.allocUnsafe(8)
  digest.writeInt32LE(Math.imul(a ^ (b >>> 16), 0x27d4eb2d), 0)
  digest.writeInt32LE(Math.imul(b ^ (a >>> 16), 0x165667b1), 4)
  return digest
}

const SEEDS = [[0x811c9dc5, 0x01000193], [0x9e3779b9, 0x27d4eb2d]] as const

/** The digest computed in JavaScript only (slow; the tests' reference for the WebAssembly one). */
export const referenceDigest = (view: Uint8Array, key: string, offset: number, length: number): Buffer => {
  const words = length >>> 2
  const lanes = SEEDS.map(([seed, multiplier]) => laneReference(view, offset, words, seed, multiplier)) as [number, number]
  return fold(lanes, view.subarray(offset + words * 4, offset + length), length, key)
}

export interface WordHasher {
  /** `size` bytes of the hasher's own memory: put the data here (e.g. read the file into it). */
  readonly bytes: Uint8Array
  /** 64-bit digest of `bytes[offset, offset + length)` and `key`; `offset` is a multiple of 4. */
  readonly digest: (key: string, offset: number, length: number) => Buffer
}

export const wordHasher = (size: number): WordHasher => {
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(size / 65536)) })
  compiled ??= new WebAssembly.Module(MODULE)
  const lane = new WebAssembly.Instance(compiled, { e: { m: memory } }).exports["h"] as Lane
  const bytes = new Uint8Array(memory.buffer, 0, size)
  return {
    bytes,
    digest: (key, offset, length) => {
      if (offset % 4 !== 0 || offset < 0 || offset + length > size) throw new RangeError("wordHasher: unaligned or out of range")
      const words = length >>> 2
      const lanes = SEEDS.map(([seed, multiplier]) => lane(offset, words, seed, multiplier)) as [number, number]
      return fold(lanes, bytes.subarray(offset + words * 4, offset + length), length, key)
    }
  }
}
