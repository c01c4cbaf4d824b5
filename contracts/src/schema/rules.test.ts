import { Compile } from "typebox/compile"
import { describe, expect, it } from "vitest"
import { DELIVERIES, DELIVERY_RETRY, RETRIES } from "../vocabulary/Disposition.js"
import { ERROR_CODES } from "../vocabulary/ErrorCodes.js"
import { Disposition, SuccessDisposition } from "./Disposition.js"
import { ErrorBody } from "./ErrorBody.js"

const pairs = DELIVERIES.flatMap((delivery) => RETRIES.map((retry) => ({ delivery, retry })))

describe("Disposition", () => {
  it("admits exactly the derived delivery/retry pairs", () => {
    const check = Compile(Disposition)
    for (const pair of pairs) expect(check.Check(pair), JSON.stringify(pair)).toBe(DELIVERY_RETRY[pair.delivery] === pair.retry)
  })

  it("on success admits only delivered_verified, delivered_unverified and not_delivered", () => {
    const check = Compile(SuccessDisposition)
    const admitted = pairs.filter((pair) => check.Check(pair)).map((pair) => pair.delivery)
    expect(admitted.sort()).toEqual(["delivered_unverified", "delivered_verified", "not_delivered"])
  })
})

describe("ErrorBody", () => {
  const check = Compile(ErrorBody)
  const recovery = { strategy: "inspect_state_then_retry_original", retryable: true, requires_fresh_snapshot: true }
  const body = (code: string, disposition: object, extra: object = {}) => ({ code, message: "m", disposition, ...extra })
  const safe = { delivery: "not_delivered", retry: "safe" }

  it("allows recovery only when the retry is safe", () => {
    for (const pair of pairs.filter((pair) => DELIVERY_RETRY[pair.delivery] === pair.retry)) {
      expect(check.Check(body("STALE_REF", pair, { recovery })), JSON.stringify(pair)).toBe(pair.retry === "safe")
      expect(check.Check(body("STALE_REF", pair)), JSON.stringify(pair)).toBe(true)
    }
  })

  it("allows retry_after_ms only for TIMEOUT and APP_UNRESPONSIVE", () => {
    const delayed = { recovery: { ...recovery, retry_after_ms: 250 } }
    const allowed = ERROR_CODES.filter((code) => check.Check(body(code, safe, delayed)))
    expect(allowed).toEqual(["APP_UNRESPONSIVE", "TIMEOUT"])
  })

  it("requires code, message and disposition", () => {
    expect(check.Check({ code: "INTERNAL", message: "m" })).toBe(false)
    expect(check.Check({ code: "INTERNAL", disposition: safe })).toBe(false)
    expect(check.Check(body("NOPE", safe))).toBe(false)
  })
})
