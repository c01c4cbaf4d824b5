import { readFileSync } from "node:fs"
import { Ajv2020 } from "ajv/dist/2020.js"
import { describe, expect, it } from "vitest"
import { buildErrorBody } from "./buildErrorBody.js"
import { errorEnvelope, failureEnvelope, NATIVE_CONTRACT, successEnvelope } from "./Envelope.js"
import { ERROR_CODES } from "./ErrorCode.js"

describe("the native envelope builder", () => {
  it("builds success as version, ok, command, data in that order", () => {
    expect(JSON.stringify(successEnvelope("status", { a: 1 }))).toBe(`{"version":"${NATIVE_CONTRACT}","ok":true,"command":"status","data":{"a":1}}`)
  })

  it("builds a failure from a built body, or from its parts through buildErrorBody", () => {
    const input = { code: "INVALID_ARGS", message: "bad", suggestion: "fix it" } as const
    const built = errorEnvelope("click", input)
    expect(built).toEqual(failureEnvelope("click", buildErrorBody(input)))
    expect(Object.keys(built)).toEqual(["version", "ok", "command", "error"])
    expect(built.error.disposition).toEqual({ delivery: "not_delivered", retry: "safe" })
  })
})

describe("the builder's envelopes against the committed strict schema of the native version", () => {
  const schema = JSON.parse(readFileSync(new URL(`../../../contracts/schemas/${NATIVE_CONTRACT}/envelope.strict.schema.json`, import.meta.url), "utf8"))
  const validate = new Ajv2020({ strict: false }).compile(schema)

  it("every error code's envelope validates, and a success of a known command does", () => {
    for (const code of ERROR_CODES) {
      const envelope = errorEnvelope("click", { code, message: `a ${code}` })
      expect(validate(envelope), `${code}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
    const version = successEnvelope("version", { version: "0.1.0", target: "x64", os: "linux", contracts: [NATIVE_CONTRACT], default_contract: NATIVE_CONTRACT })
    expect(validate(version), JSON.stringify(validate.errors)).toBe(true)
    expect(validate(successEnvelope("version", { version: 1 }))).toBe(false)
  })
})
