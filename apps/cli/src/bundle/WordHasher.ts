/**
 * A 64-bit digest of a large byte range at native speed with nothing to load: a small WebAssembly module runs the
 * hot loop over a memory the caller reads its file into (no copy). The code cache's seal (CachedScript.ts) is
 * checked on every engine call: node:crypto cost ~7 ms to load, and the same loop in JavaScript runs once per
 * process, mostly before V8 optimises it (5-10 ms for a 600 KB cache).
 *
 * Four 32-bit lanes run side by side over 16-byte blocks in one SIMD register (a fresh process runs WebAssembly
 * through V8's baseline compiler, so fewer, wider steps is what makes it fast: ~4x the earlier one-lane loop). The
 * module's one function, in WebAssembly text:
 *
 *   (func (export "h") (param $p i32) (param $end i32) (param $state i32) (local $x v128) (local $m v128)
 *     (local.set $x (v128.load (local.get $state)))            ;; the four seeds
 *     (local.set $m (v128.load offset=16 (local.get $state)))  ;; the four multipliers
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $p) (local.get $end)))
 *       (local.set $x (v128.xor
 *         (local.tee $x (i32x4.mul (v128.xor (local.get $x) (v128.load (local.get $p))) (local.get $m)))
 *         (i32x4.shr_u (local.get $x) (i32.const 15))))
 *       (local.set $p (i32.add (local.get $p) (i32.const 16)))
 *       (br 0)))
 *     (v128.store (local.get $state) (local.get $x)))
 *
 * with the memory imported as `e.m`. `laneReference` below is one lane of the same loop in JavaScript (the tests
 * compare them).
 */
const MODULE = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // type: (i32, i32, i32) -> ()
  0x01, 0x07, 0x01, 0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x00,
  // import e.m: memory, minimum 1 page
  0x02, 0x08, 0x01, 0x01, 0x65, 0x01, 0x6d, 0x02, 0x00, 0x01,
  // one function of type 0, exported as "h"
  0x03, 0x02, 0x01, 0x00,
  0x07, 0x05, 0x01, 0x01, 0x68, 0x00, 0x00,
  // code: one body of 0x4e bytes, locals 2 x v128
  0x0a, 0x50, 0x01, 0x4e, 0x01, 0x02, 0x7b,
  0x20, 0x02, 0xfd, 0x00, 0x00, 0x00, 0x21, 0x03, // x = load(state)
  0x20, 0x02, 0xfd, 0x00, 0x00, 0x10, 0x21, 0x04, // m = load(state + 16)
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0x00, 0x20, 0x01, 0x4f, 0x0d, 0x01, // br_if 1 (p >= end)
  0x20, 0x03, 0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, 0xfd, 0x51, 0x20, 0x04, 0xfd, 0xb5, 0x01, 0x22, 0x03, // tee x = (x ^ load(p)) * m
  0x20, 0x03, 0x41, 0x0f, 0xfd, 0xad, 0x01, 0xfd, 0x51, 0x21, 0x03, // x = x ^ (x >>> 15)
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, // p += 16
  0x0c, 0x00, 0x0b, 0x0b, // br 0, end loop, end block
  0x20, 0x02, 0x20, 0x03, 0xfd, 0x0b, 0x00, 0x00, // store(state, x)
  0x0b
])

type Blocks = (pointer: number, end: number, state: number) => void

/** The part of the WebAssembly global used here (the project compiles without the DOM library that declares it). */
declare const WebAssembly: {
  readonly Memory: new (descriptor: { readonly initial: number }) => { readonly buffer: ArrayBuffer }
  readonly Module: new (bytes: Uint8Array) => object
  readonly Instance: new (module: object, imports: object) => { readonly exports: Readonly<Record<string, unknown>> }
}

let compiled: object | undefined

const BLOCK = 16
/** Each lane's seed and (odd) multiplier. */
const SEEDS = [0x811c9dc5, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35] as const
const MULTIPLIERS = [0x01000193, 0x27d4eb2d, 0x165667b1, 0x9e3779b1] as const

/** Lane `lane` over `blocks` 16-byte blocks of `view` from `offset`, as the WebAssembly function computes it. */
export const laneReference = (view: Uint8Array, offset: number, blocks: number, lane: number): number => {
  const data = new DataView(view.buffer, view.byteOffset, view.byteLength)
  let x = SEEDS[lane]! | 0
  for (let i = 0; i < blocks; i++) {
    const t = Math.imul(x ^ data.getInt32(offset + i * BLOCK + lane * 4, true), MULTIPLIERS[lane]!)
    x = t ^ (t >>> 15)
  }
  return x
}

/** The four lanes, the tail bytes, the length and the key, folded to 8 bytes. */
const fold = (lanes: ReadonlyArray<number>, tail: Uint8Array, length: number, key: string): Buffer => {
  let a = lanes[0]! ^ Math.imul(lanes[2]!, 0x85ebca77)
  let b = lanes[1]! ^ Math.imul(lanes[3]!, 0xc2b2ae3d)
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

/** The digest computed in JavaScript only (slow; the tests' reference for the WebAssembly one). */
export const referenceDigest = (view: Uint8Array, key: string, offset: number, length: number): Buffer => {
  const blocks = Math.floor(length / BLOCK)
  const lanes = SEEDS.map((_, lane) => laneReference(view, offset, blocks, lane))
  return fold(lanes, view.subarray(offset + blocks * BLOCK, offset + length), length, key)
}

export interface WordHasher {
  /** `size` bytes of the hasher's own memory: put the data here (e.g. read the file into it). */
  readonly bytes: Uint8Array
  /** 64-bit digest of `bytes[offset, offset + length)` and `key`; `offset` is a multiple of 4. */
  readonly digest: (key: string, offset: number, length: number) => Buffer
}

export const wordHasher = (size: number): WordHasher => {
  // The lanes' state (seeds, then multipliers) sits after the data, 16-byte aligned.
  const state = Math.ceil(size / BLOCK) * BLOCK
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil((state + 2 * BLOCK) / 65536)) })
  compiled ??= new WebAssembly.Module(MODULE)
  const blocksOf = new WebAssembly.Instance(compiled, { e: { m: memory } }).exports["h"] as Blocks
  const bytes = new Uint8Array(memory.buffer, 0, size)
  const lanes = new Int32Array(memory.buffer, state, 8)
  return {
    bytes,
    digest: (key, offset, length) => {
      if (offset % 4 !== 0 || offset < 0 || offset + length > size) throw new RangeError("wordHasher: unaligned or out of range")
      const blocks = Math.floor(length / BLOCK)
      lanes.set(SEEDS, 0)
      lanes.set(MULTIPLIERS, 4)
      blocksOf(offset, offset + blocks * BLOCK, state)
      return fold(Array.from(lanes.subarray(0, 4)), bytes.subarray(offset + blocks * BLOCK, offset + length), length, key)
    }
  }
}
