/**
 * Loads a CommonJS bundle through `vm.Script` with a V8 code cache, the way Node 22's `module.enableCompileCache`
 * does for every module (Node 20 has no such switch, and no code cache for ES modules at all). Compiling the
 * engine bundle (effect, engine, store, the Linux adapter) was a fifth of a one-shot snapshot; with a cache made
 * after a real run, V8 also skips compiling every function that run needed.
 *
 * The cache file is keyed by the bundle's content (hash) and the Node version/arch/flags: V8 itself only checks
 * the source length, so a rebuilt bundle of the same size must never meet an old cache. Every cache problem
 * (missing, rejected, unwritable, untrusted) falls back to a plain compile; it can cost time, never correctness.
 *
 * A cache is code, so it is read only from a directory this tool made private, through checks on the opened file
 * (PrivateDirectory.ts): a cache planted by anyone else, through a symlink, a hard link or a loose directory, is
 * never handed to V8.
 */
import { isAscii } from "node:buffer"
import * as fs from "node:fs"
import { createRequire, Module } from "node:module"
import * as path from "node:path"
import * as vm from "node:vm"
import { privateSubdirectory, readPrivateFile, writePrivateFile } from "./PrivateDirectory.js"
import { wordHasher } from "./WordHasher.js"

export interface CachedScript<A> {
  readonly exports: A
  /** True when V8 accepted a cache for this load. */
  readonly fromCache: boolean
  /**
   * Writes the cache (atomically: temp file + rename) if this load had none. Call it after the work the cache
   * should cover: V8 includes every function compiled so far.
   */
  readonly saveCache: () => void
}

const CACHE_DIR = "cache"

/** Two FNV-1a passes with different offsets: 64 bits, no crypto (initialising a node:crypto hash cost ~3 ms). */
const fnv64 = (text: string): string => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15)
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0")
}

/**
 * What the cache is for: which source and which V8. `buildId` (a content hash the build computed) spares hashing
 * the source on every run; file size and mtime still catch a bundle edited in place. V8 rejects a cache made under
 * other flags, so runs with other flags (--cpu-prof, NODE_OPTIONS) get their own.
 */
const cacheKey = (file: string, source: string, buildId: string | undefined) => {
  const stat = fs.statSync(file)
  const content = buildId === undefined ? fnv64(source) : `${buildId}|${stat.size}|${stat.mtimeMs}`
  return `${content}|${process.version}|${process.arch}|${process.execArgv.join(" ")}|${process.env["NODE_OPTIONS"] ?? ""}`
}

/**
 * A cache file is `MAGIC | digest(key, V8 data) | V8 data`: the digest ties the data to the bundle it was made for
 * and catches a truncated or damaged file (V8 does not checksum a code cache in release builds, and a damaged one
 * crashes the process). It is integrity, not authenticity, and no defence on its own (whoever can write the file can
 * write the digest, whatever the hash); the private directory is (PrivateDirectory.ts). So it is a fast 64-bit
 * digest computed by a tiny WebAssembly loop over the bytes as read (WordHasher.ts), not sha256: loading
 * node:crypto alone cost ~7 ms of every engine call.
 */
const MAGIC = Buffer.from("ADV8C004", "latin1")

/** How Node's Module.wrap begins a CommonJS module's function. */
export const WRAPPER_HEAD = "(function (exports, require, module, __filename, __dirname) { "
const DIGEST_BYTES = 8
const HEADER = MAGIC.length + DIGEST_BYTES

const sealCache = (key: string, data: Uint8Array): Uint8Array => {
  const hasher = wordHasher(HEADER + data.length)
  hasher.bytes.set(MAGIC, 0)
  hasher.bytes.set(data, HEADER)
  hasher.bytes.set(hasher.digest(key, HEADER, data.length), MAGIC.length)
  return hasher.bytes
}

/** The V8 data of the cache file at `file`, read straight into the hasher's memory, if its seal holds. */
const openCache = (key: string, file: string): Uint8Array | undefined => {
  let hasher: ReturnType<typeof wordHasher> | undefined
  const sealed = readPrivateFile(file, (size) => (hasher = wordHasher(size)).bytes)
  if (sealed === undefined || hasher === undefined || sealed.length <= HEADER) return undefined
  if (!MAGIC.equals(sealed.subarray(0, MAGIC.length))) return undefined
  const digest = hasher.digest(key, HEADER, sealed.length - HEADER)
  return digest.equals(sealed.subarray(MAGIC.length, HEADER)) ? sealed.subarray(HEADER) : undefined
}

/**
 * The cache lives in `<stateRoot>/cache`, a directory this tool made private (PrivateDirectory.ts); `stateRoot`
 * undefined, or a state root or cache directory that fails the checks: no cache, a plain compile.
 */
export interface LoadOptions {
  /** The bundle's content hash, computed by the build (spares hashing the source on every run). */
  readonly buildId?: string
  /** Modules the loader hands to the script's `require` by id, instead of resolving them. */
  readonly provided?: Readonly<Record<string, unknown>>
}

/** The script's `require`: Node's for its directory, with `provided` modules answered first. */
const requireFor = (file: string, provided: Readonly<Record<string, unknown>> | undefined): NodeJS.Require => {
  const nodeRequire = createRequire(file)
  if (provided === undefined) return nodeRequire
  return Object.assign((id: string) => (Object.hasOwn(provided, id) ? provided[id] : nodeRequire(id)), nodeRequire)
}

export const loadCachedScript = <A>(file: string, stateRoot: string | undefined, options: LoadOptions = {}): CachedScript<A> => {
  const { buildId } = options
  const bytes = fs.readFileSync(file)
  // A bundle is ASCII (esbuild escapes the rest), and a Latin-1 string is a plain copy where UTF-8 is a decode.
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8")
  const key = cacheKey(file, source, buildId)
  const name = `${fnv64(key)}.v8`
  const cacheDir = stateRoot === undefined ? undefined : privateSubdirectory(stateRoot, CACHE_DIR, false)
  const cachedData = cacheDir === undefined ? undefined : openCache(key, path.join(cacheDir, name))
  // build.mjs writes engine.cjs already wrapped (byte for byte what Module.wrap gives): no 450 KB concatenation to
  // flatten before compiling. Any other CommonJS file is wrapped here.
  const wrapped = source.startsWith(WRAPPER_HEAD) ? source : Module.wrap(source)
  const script = new vm.Script(wrapped, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) })
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string
  ) => void
  const module = { exports: {} as unknown }
  wrapper.call(module.exports, module.exports, requireFor(file, options.provided), module, file, path.dirname(file))
  return {
    exports: module.exports as A,
    fromCache,
    saveCache: () => {
      if (fromCache || stateRoot === undefined) return
      const dir = privateSubdirectory(stateRoot, CACHE_DIR, true)
      if (dir === undefined) return
      try {
        writePrivateFile(dir, name, sealCache(key, script.createCachedData()))
        pruneOldCaches(dir, name)
      } catch {
        // A read-only or vanished state root only means the next run compiles again.
      }
    }
  }
}

/** Each build (and Node version, flag set) leaves its own cache; keep the few most recent. */
const KEEP_CACHES = 4

const pruneOldCaches = (dir: string, keep: string) => {
  const caches = fs.readdirSync(dir)
    .filter((file) => file.endsWith(".v8") && file !== keep)
    .map((file) => ({ file, mtime: fs.lstatSync(path.join(dir, file)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  for (const { file } of caches.slice(KEEP_CACHES - 1)) fs.rmSync(path.join(dir, file), { force: true })
}
