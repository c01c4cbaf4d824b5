import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { contractsRoot, ErrorBody, generatedFiles } from "@agent-desktop/contracts"
import { afterEach, describe, expect, it } from "vitest"
import { checkCompatibility, committedCompatInput } from "../checks/compat.js"
import { checkReleased, recordErrata } from "./checkReleased.js"

const roots: Array<string> = []
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

/** A copy of the contracts package's generated files and lock, to plant changes in. */
const copyOfContracts = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "released-"))
  roots.push(root)
  fs.cpSync(path.join(contractsRoot(), "schemas"), path.join(root, "schemas"), { recursive: true })
  fs.copyFileSync(path.join(contractsRoot(), "released.lock.json"), path.join(root, "released.lock.json"))
  return root
}

/** Generates the schemas with `message` optional in the shared error body: every version's files change alike. */
const generateWithOptionalMessage = (root: string) => {
  const variants = (ErrorBody as unknown as { anyOf: Array<{ required: Array<string> }> }).anyOf
  const originals = variants.map((variant) => variant.required)
  for (const variant of variants) variant.required = variant.required.filter((key) => key !== "message")
  try {
    for (const [file, content] of generatedFiles()) {
      if (file.startsWith("schemas/")) fs.writeFileSync(path.join(root, file), content)
    }
  } finally {
    variants.forEach((variant, index) => (variant.required = originals[index]!))
  }
}

describe("the released-versions gate", () => {
  it("finds 2.1-2.6 frozen and unchanged in the committed lock", () => {
    const report = checkReleased()
    expect(report.failures).toEqual([])
    expect(report.released).toEqual(["2.1", "2.2", "2.3", "2.4", "2.5", "2.6"])
    expect(report.checked).toBe(18)
  })

  it("fails an edit to a shared schema part that rewrites released files, naming file, version and JSON path", () => {
    const root = copyOfContracts()
    generateWithOptionalMessage(root)
    // Consecutive versions changed alike, so the compatibility gate alone cannot see it.
    const compat = checkCompatibility({ ...committedCompatInput(), schemas: Object.fromEntries(["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"].map((v) => [v, JSON.parse(fs.readFileSync(path.join(root, "schemas", v, "envelope.schema.json"), "utf8"))])) as never })
    expect(compat.undeclared).toEqual([])
    const report = checkReleased(root)
    expect(report.failures).toHaveLength(12)
    expect(report.failures[0]).toMatch(/^schemas\/2\.1\/envelope\.schema\.json: released contract 2\.1 changed without an erratum \(changed at \/\$defs\/ErrorBody\/anyOf\/0\/required \(\d -> \d items\)/)
  })

  it("accepts exactly the recorded content once an erratum with a reason declares it", () => {
    const root = copyOfContracts()
    generateWithOptionalMessage(root)
    expect(() => recordErrata(" ", root)).toThrow(/reason/)
    expect(recordErrata("message was never optional in practice; schema fix", root)).toHaveLength(12)
    const report = checkReleased(root)
    expect(report.failures).toEqual([])
    expect(report.errata).toBe(12)
    fs.appendFileSync(path.join(root, "schemas/2.4/changes.json"), " ")
    expect(checkReleased(root).failures).toEqual([
      expect.stringMatching(/^schemas\/2\.4\/changes\.json: released contract 2\.4 changed without an erratum \(formatting differs/)
    ])
  })
})
