import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import Type from "typebox"
import { afterEach, describe, expect, it } from "vitest"
import { CONTRACT_VERSIONS } from "../vocabulary/ContractVersion.js"
import { findDrift, hasDrift, writeGenerated } from "./drift.js"
import { generatedFiles } from "./generatedFiles.js"
import { contractsRoot } from "./paths.js"

const temporaryRoots: Array<string> = []
const copyOfSchemas = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "contracts-drift-"))
  temporaryRoots.push(root)
  fs.cpSync(path.join(contractsRoot(), "schemas"), path.join(root, "schemas"), { recursive: true })
  fs.cpSync(path.join(contractsRoot(), "src/manifest"), path.join(root, "src/manifest"), { recursive: true })
  return root
}
afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

describe("generated schemas", () => {
  it("are committed exactly as the TypeBox sources generate them", () => {
    const drift = findDrift(contractsRoot(), generatedFiles())
    expect(drift).toEqual({ missing: [], changed: [], extra: [] })
  })

  it("cover every version in two flavours plus its change list", () => {
    const files = [...generatedFiles().keys()]
    for (const version of CONTRACT_VERSIONS) {
      expect(files).toContain(`schemas/${version}/envelope.schema.json`)
      expect(files).toContain(`schemas/${version}/envelope.strict.schema.json`)
      expect(files).toContain(`schemas/${version}/changes.json`)
    }
  })

  it("report a hand-edited, a missing and a stray file as drift, and regenerate them", () => {
    const root = copyOfSchemas()
    fs.appendFileSync(path.join(root, "schemas/2.6/envelope.schema.json"), " ")
    fs.rmSync(path.join(root, "schemas/2.1/changes.json"))
    fs.writeFileSync(path.join(root, "schemas/2.6/stale.schema.json"), "{}")
    const drift = findDrift(root, generatedFiles())
    expect(drift).toEqual({
      missing: ["schemas/2.1/changes.json"],
      changed: ["schemas/2.6/envelope.schema.json"],
      extra: ["schemas/2.6/stale.schema.json"]
    })
    writeGenerated(root, generatedFiles())
    expect(hasDrift(findDrift(root, generatedFiles()))).toBe(false)
  })

  it("notice a source change that was not regenerated", () => {
    const root = copyOfSchemas()
    const changedSource = generatedFiles({ extra: Type.Object({ added: Type.String() }) })
    expect(findDrift(root, changedSource).missing).toEqual(["schemas/wave/extra.schema.json"])
  })
})
