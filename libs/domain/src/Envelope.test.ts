import { describe, expect, it } from "vitest"
import { buildErrorBody } from "./buildErrorBody.js"
import { errorEnvelope, failureEnvelope, NATIVE_CONTRACT, successEnvelope } from "./Envelope.js"

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
