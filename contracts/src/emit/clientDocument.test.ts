import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { ERROR_BODIES_BY_CODE } from "../schema/ErrorBody.js"
import { compileSchema, errorsOf, fixtures, validatorFor } from "../test-support/schemaValidator.js"
import { CONTRACTS } from "../versions/index.js"
import { CONTRACT_VERSIONS } from "../vocabulary/ContractVersion.js"
import { ERROR_CODES } from "../vocabulary/ErrorCodes.js"
import { clientDocument } from "./clientDocument.js"
import { CLIENT_FILE_NAME } from "./generatedFiles.js"
import { JsonSchemaEmitter } from "./JsonSchemaEmitter.js"
import { contractsRoot } from "./paths.js"

const committed = (version: string) =>
  JSON.parse(fs.readFileSync(path.join(contractsRoot(), "schemas", version, CLIENT_FILE_NAME), "utf8")) as Record<string, unknown>

const keysIn = (node: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(node)) for (const item of node) keysIn(item, found)
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      found.add(key)
      keysIn(value, found)
    }
  }
  return found
}

const isEnvelopeOf = (body: unknown, command: string) => JSON.stringify(body).includes(`"command":{"const":"${command}"}`)

describe.each(CONTRACT_VERSIONS)("client schema %s", (version) => {
  const document = clientDocument(CONTRACTS[version])
  const validate = compileSchema(document)
  const defs = document["$defs"] as Record<string, unknown>

  it("accepts every valid fixture, as the consumer schema does", () => {
    for (const [file, envelope] of fixtures(version, "valid")) {
      expect(validatorFor(version, "consumer")(envelope), file).toBe(true)
      expect(validate(envelope), `${file}: ${errorsOf(validate)}`).toBe(true)
    }
  })

  it("has no negative or conditional rule a generator would misread", () => {
    const keys = keysIn(document)
    for (const keyword of ["not", "if", "then", "else"]) expect(keys.has(keyword), keyword).toBe(false)
  })

  it("has one envelope per command that can succeed, and none for the commands that fail closed", () => {
    const variants = (document["oneOf"] as Array<{ $ref: string }>).map((variant) => variant.$ref.replace("#/$defs/", ""))
    for (const command of Object.keys(CONTRACTS[version].commands)) {
      const neverSucceeds = JSON.stringify(new JsonSchemaEmitter().emit(CONTRACTS[version].commands[command])) === JSON.stringify({ not: {} })
      const named = variants.filter((name) => isEnvelopeOf(defs[name], command))
      expect(named, command).toHaveLength(neverSucceeds ? 0 : 1)
    }
    expect(variants.at(-1)).toBe("ErrorEnvelope")
  })

  it("types each error code's body: its own code, a recovery with retry_after_ms only where the code allows it", () => {
    const errorEnvelope = (code: string) => ({
      version,
      ok: false,
      command: "click",
      error: { code, message: "m", disposition: { delivery: "not_delivered", retry: "safe" } }
    })
    const bodies = (defs["ErrorBody"] as { oneOf: Array<{ $ref: string }> }).oneOf.map((ref) => defs[ref.$ref.replace("#/$defs/", "")] as {
      properties: { code: { const: string }; recovery: { $ref: string } }
    })
    expect(bodies.map((body) => body.properties.code.const)).toEqual([...ERROR_CODES])
    for (const body of bodies) {
      const delayed = body.properties.code.const === "TIMEOUT" || body.properties.code.const === "APP_UNRESPONSIVE"
      expect(body.properties.recovery.$ref, body.properties.code.const).toBe(delayed ? "#/$defs/Recovery" : "#/$defs/RecoveryWithoutDelay")
    }
    expect(Object.keys((defs["RecoveryWithoutDelay"] as { properties: object }).properties)).not.toContain("retry_after_ms")
    for (const code of ERROR_CODES) expect(validate(errorEnvelope(code)), code).toBe(true)
    expect(validate(errorEnvelope("NO_SUCH_CODE"))).toBe(false)
  })

  it("is committed as generated", () => {
    expect(committed(version)).toEqual(document)
  })
})

describe("per-code error bodies", () => {
  it("admit every error body of the valid fixtures under its own code, and only there", () => {
    const emitter = new JsonSchemaEmitter()
    const bodies = Object.fromEntries(ERROR_CODES.map((code) => [code, emitter.emit(ERROR_BODIES_BY_CODE[code])]))
    const schemaOf = (code: string) => compileSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", ...bodies[code] as object, $defs: emitter.defs() })
    let checked = 0
    for (const version of CONTRACT_VERSIONS) {
      for (const [file, envelope] of fixtures(version, "valid")) {
        const error = (envelope as { error?: { code: string } }).error
        if (error === undefined) continue
        checked++
        expect(schemaOf(error.code)(error), file).toBe(true)
        expect(schemaOf(error.code === "INTERNAL" ? "TIMEOUT" : "INTERNAL")(error), file).toBe(false)
      }
    }
    expect(checked).toBeGreaterThan(20)
  })
})
