import { describe, expect, it } from "vitest"
import { CONTRACT_VERSIONS } from "@agent-desktop/contracts"
import { envelopeSchemaPath } from "./contractFiles.js"
import { schemaValidator, validateEnvelope } from "./validateEnvelope.js"

const click = (version: string, data: object) => ({ version, ok: true, command: "click", data })
const delivered = { action: "click", disposition: { delivery: "delivered_unverified", retry: "unsafe" } }

describe("validateEnvelope", () => {
  it("accepts a well-formed envelope in every version", () => {
    for (const version of CONTRACT_VERSIONS) {
      expect(validateEnvelope(version, click(version, delivered), { strict: true })).toEqual({ valid: true, errors: [] })
    }
  })

  it("tolerates unknown keys by default and rejects them with strict", () => {
    const extended = click("2.6", { ...delivered, latency_ms: 3 })
    expect(validateEnvelope("2.6", extended).valid).toBe(true)
    const strict = validateEnvelope("2.6", extended, { strict: true })
    expect(strict.valid).toBe(false)
    expect(strict.errors).toContainEqual(
      expect.objectContaining({ keyword: "additionalProperties", instancePath: "/data", params: { additionalProperty: "latency_ms" } })
    )
  })

  it("rejects an envelope of another version", () => {
    const result = validateEnvelope("2.5", click("2.6", delivered))
    expect(result.errors).toContainEqual(expect.objectContaining({ keyword: "const", instancePath: "/version" }))
  })

  it("compiles each schema once", () => {
    validateEnvelope("2.4", click("2.4", delivered))
    expect(schemaValidator(envelopeSchemaPath("2.4", "consumer"))).toBe(schemaValidator(envelopeSchemaPath("2.4", "consumer")))
  })

  it("refuses an unknown version", () => {
    expect(() => validateEnvelope("3.0" as never, {})).toThrow(RangeError)
  })
})
