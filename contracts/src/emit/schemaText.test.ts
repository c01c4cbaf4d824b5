import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { CONTRACT_VERSIONS } from "../vocabulary/ContractVersion.js"
import { contractsRoot } from "./paths.js"
import { envelopeSchemaText, WAVE_SCHEMA_NAMES, waveSchemaText } from "./schemaText.js"

describe("schema text of this build", () => {
  it("is byte for byte the committed schema file of each version, flavour and wave schema", () => {
    for (const version of CONTRACT_VERSIONS) {
      expect(envelopeSchemaText(version, "consumer")).toBe(fs.readFileSync(path.join(contractsRoot(), "schemas", version, "envelope.schema.json"), "utf8"))
      expect(envelopeSchemaText(version, "strict")).toBe(fs.readFileSync(path.join(contractsRoot(), "schemas", version, "envelope.strict.schema.json"), "utf8"))
    }
    for (const name of WAVE_SCHEMA_NAMES) {
      expect(waveSchemaText(name)).toBe(fs.readFileSync(path.join(contractsRoot(), "schemas", "wave", `${name}.schema.json`), "utf8"))
    }
    expect(waveSchemaText("no-such")).toBeUndefined()
  })
})
