import { describe, expect, it } from "@effect/vitest"
import { createRequire } from "node:module"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { loadCachedScript } from "./CachedScript.js"

const require = createRequire(import.meta.url)

const fixture = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-cached-script-"))
  const root = path.join(dir, "state")
  fs.mkdirSync(root, { mode: 0o700 })
  const file = path.join(dir, "engine.cjs")
  return { dir, root, file }
}

const write = (file: string, body: string) => fs.writeFileSync(file, `exports.answer = () => ${body}; exports.file = __filename`)

describe("loadCachedScript", () => {
  it("compiles without a cache, saves one after the run, and loads from it next time", () => {
    const { root, file } = fixture()
    write(file, "42")
    const first = loadCachedScript<{ answer: () => number; file: string }>(file, root)
    expect(first.fromCache).toBe(false)
    expect(first.exports.answer()).toBe(42)
    expect(first.exports.file).toBe(file)
    first.saveCache()
    const caches = fs.readdirSync(path.join(root, "cache"))
    expect(caches).toHaveLength(1)
    expect(fs.statSync(path.join(root, "cache")).mode & 0o777).toBe(0o700)
    const second = loadCachedScript<{ answer: () => number }>(file, root)
    expect(second.fromCache).toBe(true)
    expect(second.exports.answer()).toBe(42)
  })

  it("answers the script's require of a provided module with the caller's value, and any other id as Node does", () => {
    const { root, file } = fixture()
    fs.writeFileSync(file, `exports.manifest = require("test:provided"); exports.sep = require("node:path").sep`)
    const value = { commands: {} }
    const run = loadCachedScript<{ manifest: unknown; sep: string }>(file, root, { provided: { "test:provided": value } })
    expect(run.exports.manifest).toBe(value)
    expect(run.exports.sep).toBe(path.sep)
    expect(() => loadCachedScript(file, root)).toThrow(/test:provided/)
  })

  it("never uses the cache of another source, even of the same length", () => {
    const { root, file } = fixture()
    write(file, "41")
    loadCachedScript(file, root).saveCache()
    write(file, "42")
    const changed = loadCachedScript<{ answer: () => number }>(file, root)
    expect(changed.fromCache).toBe(false)
    expect(changed.exports.answer()).toBe(42)
  })

  it("compiles without a cache where WebAssembly is unavailable (node --jitless)", () => {
    const { root, file } = fixture()
    write(file, "42")
    loadCachedScript(file, root).saveCache()
    const global = globalThis as { WebAssembly?: unknown }
    const saved = global.WebAssembly
    delete global.WebAssembly
    try {
      const run = loadCachedScript<{ answer: () => number }>(file, root)
      expect(run.fromCache).toBe(false)
      expect(run.exports.answer()).toBe(42)
      expect(() => run.saveCache()).not.toThrow()
    } finally {
      global.WebAssembly = saved
    }
  })

  it("keeps only the few most recent caches", () => {
    const { root, file } = fixture()
    for (let i = 0; i < 7; i++) {
      write(file, String(100 + i))
      loadCachedScript(file, root).saveCache()
    }
    expect(fs.readdirSync(path.join(root, "cache")).length).toBe(4)
  })

  it("works without a state root, and leaves a missing one alone", () => {
    const { dir, file } = fixture()
    write(file, "7")
    const none = loadCachedScript<{ answer: () => number }>(file, undefined)
    none.saveCache()
    expect(none.exports.answer()).toBe(7)
    const missing = path.join(dir, "absent")
    loadCachedScript(file, missing).saveCache()
    expect(fs.existsSync(missing)).toBe(false)
  })
})

describe("loadCachedScript with a build id", () => {
  it("reuses the cache of the same build and file, and not of a file edited in place", () => {
    const { root, file } = fixture()
    write(file, "1")
    loadCachedScript(file, root, { buildId: "build-a" }).saveCache()
    expect(loadCachedScript(file, root, { buildId: "build-a" }).fromCache).toBe(true)
    expect(loadCachedScript(file, root, { buildId: "build-b" }).fromCache).toBe(false)
    write(file, "2")
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000))
    const edited = loadCachedScript<{ answer: () => number }>(file, root, { buildId: "build-a" })
    expect(edited.fromCache).toBe(false)
    expect(edited.exports.answer()).toBe(2)
  })
})

/**
 * The probe's attack: a planted cache is code (V8 only checks the source length). These plant a cache that would
 * run `globalThis.__planted = true` instead of the bundle, and expect it never to be used.
 */
describe("loadCachedScript refuses caches it did not write itself", () => {
  /** V8 data for a hostile source of the same length as the real one: what an attacker can compute. */
  const hostileCache = (file: string): Buffer => {
    const real = fs.readFileSync(file, "utf8")
    const hostile = `globalThis.__planted = true;exports.answer=()=>0`.padEnd(real.length, " ")
    const vm = require("node:vm") as typeof import("node:vm")
    const { Module } = require("node:module") as typeof import("node:module")
    return new vm.Script(Module.wrap(hostile)).createCachedData()
  }

  /** Writes a valid, correctly sealed cache for `file` and returns its path, by letting a real run make it. */
  const makeRealCache = (root: string, file: string) => {
    loadCachedScript(file, root).saveCache()
    const dir = path.join(root, "cache")
    const [name] = fs.readdirSync(dir)
    return path.join(dir, name!)
  }

  const expectSafeRun = (file: string, root: string) => {
    delete (globalThis as { __planted?: boolean }).__planted
    const run = loadCachedScript<{ answer: () => number }>(file, root)
    expect(run.fromCache).toBe(false)
    expect(run.exports.answer()).toBe(42)
    expect((globalThis as { __planted?: boolean }).__planted).toBeUndefined()
  }

  it("(the threat is real: V8 runs such a cache in place of the real source)", () => {
    const { file } = fixture()
    write(file, "42")
    const vm = require("node:vm") as typeof import("node:vm")
    const { Module } = require("node:module") as typeof import("node:module")
    const script = new vm.Script(Module.wrap(fs.readFileSync(file, "utf8")), { cachedData: hostileCache(file) })
    expect(script.cachedDataRejected).toBe(false)
    delete (globalThis as { __planted?: boolean }).__planted
    ;(script.runInThisContext() as (exports: object) => void)({})
    expect((globalThis as { __planted?: boolean }).__planted).toBe(true)
    delete (globalThis as { __planted?: boolean }).__planted
  })

  it("ignores a raw V8 cache without the seal, even at the right name", () => {
    const { root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    fs.writeFileSync(cacheFile, hostileCache(file), { mode: 0o600 })
    expectSafeRun(file, root)
  })

  it("ignores a cache whose digest does not match its data", () => {
    const { root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    const sealed = fs.readFileSync(cacheFile)
    sealed[sealed.length - 1] = sealed[sealed.length - 1]! ^ 0xff
    fs.writeFileSync(cacheFile, sealed)
    expectSafeRun(file, root)
  })

  it("ignores a truncated cache and one whose bytes moved", () => {
    const { root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    const sealed = fs.readFileSync(cacheFile)
    fs.writeFileSync(cacheFile, sealed.subarray(0, sealed.length - 4))
    expectSafeRun(file, root)
    const swapped = Buffer.from(sealed)
    let at = sealed.length - 8
    while (sealed.readInt32LE(at) === sealed.readInt32LE(at + 4)) at -= 4
    swapped.copy(swapped, at, at + 4, at + 8)
    sealed.copy(swapped, at + 4, at, at + 4)
    fs.writeFileSync(cacheFile, swapped)
    expectSafeRun(file, root)
  })

  it("ignores a cache reached through a symlink, and one with loose modes", () => {
    const { dir, root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    const elsewhere = path.join(dir, "elsewhere.v8")
    fs.renameSync(cacheFile, elsewhere)
    fs.symlinkSync(elsewhere, cacheFile)
    expectSafeRun(file, root)
    fs.rmSync(cacheFile)
    fs.renameSync(elsewhere, cacheFile)
    fs.chmodSync(cacheFile, 0o644)
    expectSafeRun(file, root)
  })

  it("ignores a cache with a second hard link", () => {
    const { dir, root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    fs.linkSync(cacheFile, path.join(dir, "other-name"))
    expectSafeRun(file, root)
  })

  it("neither reads nor writes a cache directory that is a symlink or not private", () => {
    const { dir, root, file } = fixture()
    write(file, "42")
    makeRealCache(root, file)
    const cacheDir = path.join(root, "cache")
    const moved = path.join(dir, "moved-cache")
    fs.renameSync(cacheDir, moved)
    fs.symlinkSync(moved, cacheDir)
    expectSafeRun(file, root)
    loadCachedScript(file, root).saveCache()
    expect(fs.lstatSync(cacheDir).isSymbolicLink()).toBe(true)
    fs.rmSync(cacheDir)
    fs.renameSync(moved, cacheDir)
    fs.chmodSync(cacheDir, 0o755)
    expectSafeRun(file, root)
  })

  it("uses no cache in a state root that is a symlink, group/world-writable, or below a loose directory", () => {
    const { dir, root, file } = fixture()
    write(file, "42")
    makeRealCache(root, file)
    const link = path.join(dir, "link")
    fs.symlinkSync(root, link)
    expectSafeRun(file, link)
    expectSafeRun(file, `${link}/`)
    expectSafeRun(file, `${root}/../link`)
    fs.chmodSync(root, 0o777)
    expectSafeRun(file, root)
    fs.chmodSync(root, 0o700)
    // A world-writable, non-sticky parent: anyone could swap the state root for one of their own.
    fs.chmodSync(dir, 0o777)
    try {
      expectSafeRun(file, root)
    } finally {
      fs.chmodSync(dir, 0o700)
    }
    expect(loadCachedScript(file, root).fromCache).toBe(true)
  })

  it.skipIf(process.getuid?.() !== 0)("as root: ignores a cache directory and a cache file owned by another user", () => {
    const { root, file } = fixture()
    write(file, "42")
    const cacheFile = makeRealCache(root, file)
    fs.chownSync(cacheFile, 65534, 65534)
    expectSafeRun(file, root)
    fs.chownSync(cacheFile, 0, 0)
    fs.chownSync(path.join(root, "cache"), 65534, 65534)
    expectSafeRun(file, root)
    // Nor does saving write into it.
    fs.rmSync(cacheFile)
    loadCachedScript(file, root).saveCache()
    expect(fs.readdirSync(path.join(root, "cache"))).toEqual([])
  })
})
