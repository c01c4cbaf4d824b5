import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { loadFrom, loadOcrAddon } from "./Addon.js"

const root = mkdtempSync(join(tmpdir(), "ocr-addon-"))

describe("loading the addon", () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("an unbuilt package reports the build's missing Debian packages", () => {
    mkdirSync(join(root, "build"), { recursive: true })
    writeFileSync(join(root, "build", "addon-status.json"), JSON.stringify({ built: false, missing: ["libtesseract-dev"], reason: "missing Debian packages: libtesseract-dev" }))
    const load = loadFrom(root)
    expect(load).toMatchObject({ _tag: "Unavailable", missing: ["libtesseract-dev"] })
    expect(load._tag === "Unavailable" && load.reason).toMatch(/install libtesseract-dev and run npm rebuild/)
  })

  it("a package never built names everything it needs", () => {
    const load = loadFrom(join(root, "elsewhere"))
    expect(load._tag === "Unavailable" && load.reason).toMatch(/never built.*libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng/)
  })

  it("this build loads, and leaves OMP_THREAD_LIMIT as the user had it", () => {
    const before = process.env["OMP_THREAD_LIMIT"]
    const load = loadOcrAddon()
    expect(load._tag).toBe("Loaded")
    expect(process.env["OMP_THREAD_LIMIT"]).toBe(before)
    if (load._tag === "Loaded") expect(load.addon.version().tesseract).toMatch(/^\d+\.\d+/)
  })
})
