import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"
import { describe, expect, it } from "vitest"
import { checkGenerated } from "./generated.js"

describe("checkGenerated", () => {
  it("finds the committed schemas identical to what the TypeBox sources generate", () => {
    expect(checkGenerated().failures).toEqual([])
  })

  it("reports a committed schema that no longer matches its source", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "contract-generated-"))
    try {
      fs.cpSync(path.join(contractsRoot(), "schemas"), path.join(root, "schemas"), { recursive: true })
      fs.cpSync(path.join(contractsRoot(), "src/manifest"), path.join(root, "src/manifest"), { recursive: true })
      const file = path.join(root, "schemas/2.5/envelope.strict.schema.json")
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"additionalProperties": false', '"additionalProperties": true'))
      expect(checkGenerated(root).failures).toEqual([
        "schemas/2.5/envelope.strict.schema.json differs from its TypeBox source (run npm run generate in contracts/)"
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
