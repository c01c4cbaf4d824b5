import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { loadCachedScript } from "./CachedScript.js"

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

  it("never uses the cache of another source, even of the same length", () => {
    const { root, file } = fixture()
    write(file, "41")
    loadCachedScript(file, root).saveCache()
    write(file, "42")
    const changed = loadCachedScript<{ answer: () => number }>(file, root)
    expect(changed.fromCache).toBe(false)
    expect(changed.exports.answer()).toBe(42)
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
    loadCachedScript(file, root, "build-a").saveCache()
    expect(loadCachedScript(file, root, "build-a").fromCache).toBe(true)
    expect(loadCachedScript(file, root, "build-b").fromCache).toBe(false)
    write(file, "2")
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000))
    const edited = loadCachedScript<{ answer: () => number }>(file, root, "build-a")
    expect(edited.fromCache).toBe(false)
    expect(edited.exports.answer()).toBe(2)
  })
})
