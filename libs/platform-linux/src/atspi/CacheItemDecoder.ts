/**
 * Cache.GetItems' reply read straight from the wire into CacheItems. The generic decoder builds an array per item,
 * per object reference and per interface list, and the items are then built from those: ~95 ms of a cold process
 * for a 4,700-item browser page (1.6 MB), and most of those objects outlive a young-generation collection. Here an
 * item is one object; the app's bus name and each distinct interface list are decoded once and shared.
 */
import type { BodyDecoder } from "../dbus/WireCodec.js"
import type { CacheItem } from "./CacheItem.js"
import { shortInterface } from "./Interfaces.js"
import { StateSet } from "./States.js"

/** The item layout at-spi2-atk, Chromium and Firefox send (AT-SPI 2.x `ATSPI_CACHE_SIGNATURE`). */
export const cacheItemsSignature = "a((so)(so)(so)iiassusau)"

/** What the decoder hands back in place of the generic body: items already built. */
export class DecodedCacheItems {
  constructor(readonly items: ReadonlyArray<CacheItem>) {}
}

interface Utf8Slicer {
  utf8Slice(start: number, end: number): string
}

/** The last string a field held, by its bytes: a field that repeats (a bus name, siblings' parent) is decoded once. */
interface Recent {
  start: number
  length: number
  value: string
}

class ItemReader {
  position: number
  private readonly text: Utf8Slicer

  constructor(private readonly b: Buffer, private readonly base: number, start: number) {
    this.position = start
    // Buffer's own slicer: toString(encoding, start, end) validates and dispatches on every call (70,000 here).
    this.text = b as unknown as Utf8Slicer
  }

  align(to: number): void {
    const rest = (this.position - this.base) % to
    if (rest !== 0) this.position += to - rest
  }

  uint32(): number {
    this.align(4)
    const b = this.b
    const p = this.position
    this.position = p + 4
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0
  }

  int32(): number {
    return this.uint32() | 0
  }

  string(): string {
    const length = this.uint32()
    const start = this.position
    this.position = start + length + 1
    return length === 0 ? "" : this.text.utf8Slice(start, start + length)
  }

  skipString(): void {
    const length = this.uint32()
    this.position += length + 1
  }

  recentString(last: Recent): string {
    const length = this.uint32()
    const start = this.position
    this.position = start + length + 1
    if (length === 0) return ""
    if (length === last.length && sameBytes(this.b, last.start, start, length)) return last.value
    last.start = start
    last.length = length
    last.value = this.text.utf8Slice(start, start + length)
    return last.value
  }
}

const sameBytes = (b: Buffer, a: number, c: number, length: number): boolean => {
  for (let i = 0; i < length; i++) if (b[a + i] !== b[c + i]) return false
  return true
}

interface KnownList {
  readonly start: number
  readonly length: number
  readonly names: ReadonlyArray<string>
}

/** Decodes the whole reply body (`a(...)` at `bodyStart`), or undefined for any other item layout. */
export const decodeCacheItems: BodyDecoder = (buffer, bodyStart, signature) => {
  if (signature !== cacheItemsSignature) return undefined
  const r = new ItemReader(buffer, bodyStart, bodyStart)
  const bytes = r.uint32()
  r.align(8)
  const end = r.position + bytes
  const items: Array<CacheItem> = []
  const bus: Recent = { start: 0, length: 0, value: "" }
  const parent: Recent = { start: 0, length: 0, value: "" }
  // Interface lists by their byte length, then their bytes (compared natively): a page has a handful of distinct
  // lists over thousands of items.
  const lists = new Map<number, Array<KnownList>>()
  while (r.position < end) {
    r.align(8)
    const busName = r.recentString(bus)
    const path = r.string()
    r.align(8)
    r.skipString() // the application's reference: not read
    r.skipString()
    r.align(8)
    const parentBus = r.recentString(bus)
    const parentPath = r.recentString(parent)
    const indexInParent = r.int32()
    const childCount = r.int32()
    const listBytes = r.uint32()
    const listStart = r.position
    const known = lists.get(listBytes)
    let interfaces = known?.find((list) => buffer.compare(buffer, list.start, list.start + listBytes, listStart, listStart + listBytes) === 0)?.names
    if (interfaces === undefined) {
      const names: Array<string> = []
      while (r.position < listStart + listBytes) names.push(shortInterface(r.string()))
      interfaces = names
      const entry = { start: listStart, length: listBytes, names }
      if (known) known.push(entry)
      else lists.set(listBytes, [entry])
    }
    r.position = listStart + listBytes
    const name = r.string().trim()
    const role = r.uint32()
    const description = r.string().trim()
    const words = r.uint32()
    const wordsEnd = r.position + words
    const low = words >= 4 ? r.uint32() : 0
    const high = words >= 8 ? r.uint32() : 0
    r.position = wordsEnd
    items.push({
      ref: { busName, path },
      parent: { busName: parentBus, path: parentPath },
      indexInParent,
      childCount,
      interfaces,
      name,
      role,
      description,
      states: new StateSet(low, high)
    })
  }
  return [new DecodedCacheItems(items)]
}
