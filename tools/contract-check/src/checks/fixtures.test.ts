import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { fixturesRoot } from "../contractFiles.js"
import { checkFixtures } from "./fixtures.js"

const roots: Array<string> = []
const copyOfFixtures = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "contract-fixtures-"))
  roots.push(root)
  fs.cpSync(fixturesRoot(), root, { recursive: true })
  return root
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

const editExpectations = (root: string, version: string, edit: (all: Record<string, Record<string, unknown>>) => void) => {
  const file = path.join(root, version, "invalid", "expectations.json")
  const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>
  edit(all)
  fs.writeFileSync(file, JSON.stringify(all))
}

describe("checkFixtures", () => {
  it("finds every committed fixture valid or invalid as its folder says, for the reason its name says", () => {
    const report = checkFixtures()
    expect(report.failures).toEqual([])
    expect(report.checked).toBeGreaterThan(400)
  })

  it("includes every seed example under the version it carries", () => {
    const seeds = (version: string) => fs.readdirSync(path.join(fixturesRoot(), version, "valid")).filter((file) => file.startsWith("seed-"))
    expect(seeds("2.6")).toEqual(["seed-000-snapshot.json", "seed-000-stale-ref.json"])
    expect(seeds("2.5")).toHaveLength(5)
  })

  it("fails an invalid fixture that fails for another reason than expected", () => {
    const root = copyOfFixtures()
    editExpectations(root, "2.6", (all) => {
      all["recovery-when-unsafe.json"] = { flavours: ["consumer", "strict"], keyword: "required", instancePath: "/error" }
    })
    expect(checkFixtures(root).failures).toEqual([
      expect.stringContaining("2.6/invalid/recovery-when-unsafe.json fails consumer for another reason"),
      expect.stringContaining("2.6/invalid/recovery-when-unsafe.json fails strict for another reason")
    ])
  })

  it("fails a strict-only fixture that the consumer schema also rejects, and a valid fixture that is not", () => {
    const root = copyOfFixtures()
    editExpectations(root, "2.6", (all) => {
      all["recovery-when-unsafe.json"] = { ...all["recovery-when-unsafe.json"], flavours: ["strict"] }
    })
    fs.copyFileSync(path.join(root, "2.6/invalid/recovery-when-unsafe.json"), path.join(root, "2.6/valid/sneaky.json"))
    const failures = checkFixtures(root).failures
    expect(failures).toContainEqual(expect.stringContaining("2.6/invalid/recovery-when-unsafe.json should pass consumer"))
    expect(failures).toContainEqual(expect.stringContaining("2.6/valid/sneaky.json fails consumer"))
  })

  it("fails an invalid fixture without an expectation", () => {
    const root = copyOfFixtures()
    fs.writeFileSync(path.join(root, "2.1/invalid/unexplained.json"), "{}")
    expect(checkFixtures(root).failures).toEqual(["2.1/invalid/unexplained.json has no entry in expectations.json"])
  })
})
