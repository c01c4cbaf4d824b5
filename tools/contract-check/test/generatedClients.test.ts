// Clients generated from each version's client schema compile and parse every valid fixture and envelopes recorded
// from the real CLI under that version: TypeScript from json-schema-to-typescript and quicktype, Python and Go from
// quicktype. The recipe test (recipe.test.ts) covers the version contracts/README.md pins with all four generators;
// here every other version gets TypeScript and Python (a few seconds each), and Go, the slowest (two compiles, one
// test binary: ~6-9 s a version), only the oldest version besides the pinned one.
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { ContractVersion } from "@agent-desktop/contracts"
import { afterAll, describe, expect, it } from "vitest"
import {
  checkGo,
  checkPython,
  checkTypeScript,
  CONTRACT_VERSIONS,
  fixtureLines,
  generateJson2ts,
  generateQuicktype,
  parsedCount,
  recordEnvelopes
} from "./generatedClients.js"
import { recipePinnedVersion } from "./recipe.js"

const work = fs.mkdtempSync(path.join(os.tmpdir(), "generated-clients-"))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }), 120_000)

const recorded = new Map<string, Array<string>>()
const envelopesOf = (version: ContractVersion) => {
  if (!recorded.has(version)) recorded.set(version, recordEnvelopes(version, path.join(work, "home")))
  return [...fixtureLines(version), ...recorded.get(version)!]
}

const versions = CONTRACT_VERSIONS.filter((version) => version !== recipePinnedVersion())
const goVersions: ReadonlyArray<ContractVersion> = [CONTRACT_VERSIONS[0]].filter((version) => version !== recipePinnedVersion())

describe.each(versions)("clients generated from the %s client schema", (version) => {
  it("TypeScript (json-schema-to-typescript and quicktype)", () => {
    const dir = fs.mkdtempSync(path.join(work, "ts-"))
    const lines = envelopesOf(version)
    const json2ts = generateJson2ts(version, dir)
    expect(json2ts.ok, json2ts.report).toBe(true)
    const quicktype = generateQuicktype("typescript", version, dir)
    expect(quicktype.ok, quicktype.report).toBe(true)
    const result = checkTypeScript(dir, lines)
    expect(result.ok, result.report).toBe(true)
    expect(parsedCount(result)).toBe(lines.length)
  })

  it("Python (quicktype)", () => {
    const dir = fs.mkdtempSync(path.join(work, "py-"))
    const lines = envelopesOf(version)
    const generated = generateQuicktype("python", version, dir)
    expect(generated.ok, generated.report).toBe(true)
    const result = checkPython(dir, lines)
    expect(result.ok, result.report).toBe(true)
    expect(parsedCount(result)).toBe(lines.length)
  })

  if (goVersions.includes(version)) {
    it("Go (quicktype)", () => {
      const dir = fs.mkdtempSync(path.join(work, "go-"))
      const lines = envelopesOf(version)
      const generated = generateQuicktype("go", version, dir)
      expect(generated.ok, generated.report).toBe(true)
      const result = checkGo(dir, version, lines)
      expect(result.ok, result.report).toBe(true)
      expect(parsedCount(result)).toBe(lines.length)
    })
  }
})
