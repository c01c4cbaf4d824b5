import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { debianPackageOf, languageParts, missingLanguagePackages, tessdataDir } from "./Tessdata.js"

const dir = mkdtempSync(join(tmpdir(), "ocr-tessdata-"))
writeFileSync(join(dir, "eng.traineddata"), "")

describe("tessdata", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("names the Debian package of each missing model", () => {
    expect(missingLanguagePackages("eng", dir)).toEqual([])
    expect(missingLanguagePackages("eng+deu+chi_sim", dir)).toEqual(["tesseract-ocr-deu", "tesseract-ocr-chi-sim"])
    expect(missingLanguagePackages("eng", undefined)).toEqual(["tesseract-ocr-eng"])
    expect(debianPackageOf("chi_tra")).toBe("tesseract-ocr-chi-tra")
  })

  it("language lists are model names only (no paths)", () => {
    expect(languageParts("eng+deu")).toEqual(["eng", "deu"])
    expect(languageParts("../eng")).toBeUndefined()
    expect(languageParts("")).toBeUndefined()
  })

  it("the caller's directory wins, then TESSDATA_PREFIX", () => {
    expect(tessdataDir("/x", { TESSDATA_PREFIX: "/y" })).toBe("/x")
    expect(tessdataDir(undefined, { TESSDATA_PREFIX: "/y" })).toBe("/y")
  })
})
