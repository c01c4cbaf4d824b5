/**
 * Loads a CommonJS bundle through `vm.Script` with a V8 code cache, the way Node 22's `module.enableCompileCache`
 * does for every module (Node 20 has no such switch, and no code cache for ES modules at all). Compiling the
 * engine bundle (effect, engine, store, the Linux adapter) was a fifth of a one-shot snapshot; with a cache made
 * after a real run, V8 also skips compiling every function that run needed.
 *
 * The cache file is keyed by the bundle's content (hash) and the Node version/arch/flags: V8 itself only checks
 * the source length, so a rebuilt bundle of the same size must never meet an old cache. Every cache problem
 * (missing, rejected, unwritable) falls back to a plain compile; it can cost time, never correctness.
 */
import * as fs from "node:fs"
import { createRequire, Module } from "node:module"
import * as path from "node:path"
import * as vm from "node:vm"

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
 * The cache's name says which source and which V8 it is for. `buildId` (a content hash the build computed)
 * spares hashing the source on every run; file size and mtime still catch a bundle edited in place. V8 rejects a
 * cache made under other flags, so runs with other flags (--cpu-prof, NODE_OPTIONS) get their own.
 */
const cacheName = (file: string, source: string, buildId: string | undefined) => {
  const stat = fs.statSync(file)
  const content = buildId === undefined ? fnv64(source) : `${buildId}|${stat.size}|${stat.mtimeMs}`
  return `${fnv64(`${content}|${process.version}|${process.arch}|${process.execArgv.join(" ")}|${process.env["NODE_OPTIONS"] ?? ""}`)}.v8`
}

/** The cache lives in `<stateRoot>/cache`; `stateRoot` undefined: no cache. */
export const loadCachedScript = <A>(file: string, stateRoot: string | undefined, buildId?: string): CachedScript<A> => {
  const source = fs.readFileSync(file, "utf8")
  const name = cacheName(file, source, buildId)
  const cacheFile = stateRoot === undefined ? undefined : path.join(stateRoot, CACHE_DIR, name)
  let cachedData: Buffer | undefined
  if (cacheFile !== undefined) {
    try {
      cachedData = fs.readFileSync(cacheFile)
    } catch {
      cachedData = undefined
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) })
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string
  ) => void
  const module = { exports: {} as unknown }
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file))
  return {
    exports: module.exports as A,
    fromCache,
    saveCache: () => {
      if (fromCache || stateRoot === undefined) return
      const dir = ensureCacheDir(stateRoot)
      if (dir === undefined) return
      try {
        const target = path.join(dir, name)
        const temp = `${target}.${process.pid}.tmp`
        fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 })
        fs.renameSync(temp, target)
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
    .map((file) => ({ file, mtime: fs.statSync(path.join(dir, file)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  for (const { file } of caches.slice(KEEP_CACHES - 1)) fs.rmSync(path.join(dir, file), { force: true })
}

/**
 * `<stateRoot>/cache`, created 0700 only inside an existing state root that is a real directory owned by this
 * user (the store validates and creates the root itself; a cache never creates or trusts one on its own).
 */
export const ensureCacheDir = (stateRoot: string): string | undefined => {
  try {
    const root = fs.lstatSync(stateRoot)
    const uid = process.getuid?.()
    if (!root.isDirectory() || (uid !== undefined && root.uid !== uid)) return undefined
    const dir = path.join(stateRoot, CACHE_DIR)
    fs.mkdirSync(dir, { mode: 0o700, recursive: true })
    const stat = fs.lstatSync(dir)
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) return undefined
    return dir
  } catch {
    return undefined
  }
}
