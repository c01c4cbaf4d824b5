import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { buildErrorBody } from "./buildErrorBody.js"
import { DELIVERIES, isLegalDisposition } from "./Disposition.js"
import { ERROR_CATALOGUE } from "./ErrorCatalogue.js"
import { ERROR_CODES } from "./ErrorCode.js"
import { BARE_REF_SUGGESTION } from "./Ref.js"

describe("error catalogue", () => {
  it("covers all 16 codes with an imperative suggestion", () => {
    assert.strictEqual(ERROR_CODES.length, 16)
    for (const code of ERROR_CODES) assert.isAbove(ERROR_CATALOGUE[code].suggestion.length, 20, code)
  })

  it("offers recovery only where a retry of a not-delivered call is safe", () => {
    for (const code of ERROR_CODES) {
      const entry = ERROR_CATALOGUE[code]
      if (entry.recovery?.retry_after_ms !== undefined) assert.include(["TIMEOUT", "APP_UNRESPONSIVE"], code)
    }
  })
})

describe("buildErrorBody", () => {
  it("STALE_REF: not_delivered / safe with refresh_snapshot_then_retry_original", () => {
    assert.deepStrictEqual(buildErrorBody({ code: "STALE_REF", message: "@s8f3k2p9:e7 not found in current RefMap" }), {
      code: "STALE_REF",
      message: "@s8f3k2p9:e7 not found in current RefMap",
      suggestion: "Re-run a snapshot to obtain fresh refs, then retry with the new ref.",
      recovery: { strategy: "refresh_snapshot_then_retry_original", retryable: true, requires_fresh_snapshot: true },
      disposition: { delivery: "not_delivered", retry: "safe" }
    })
  })

  it("SNAPSHOT_NOT_FOUND, POLICY_DENIED and APP_UNRESPONSIVE carry their recoveries", () => {
    assert.strictEqual(
      buildErrorBody({ code: "SNAPSHOT_NOT_FOUND", message: "x" }).recovery?.strategy,
      "refresh_snapshot_then_retry_original"
    )
    assert.deepStrictEqual(buildErrorBody({ code: "POLICY_DENIED", message: "x" }).recovery, {
      strategy: "request_explicit_policy_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: false
    })
    assert.deepStrictEqual(buildErrorBody({ code: "APP_UNRESPONSIVE", message: "x" }).recovery, {
      strategy: "inspect_state_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: true,
      retry_after_ms: 250
    })
  })

  it("a bare ref is INVALID_ARGS, not_delivered, with the contract's suggestion and no recovery", () => {
    const body = buildErrorBody({
      code: "INVALID_ARGS",
      message: "Invalid ref_id '@e1': expected @<snapshot_id>:e<N>",
      suggestion: BARE_REF_SUGGESTION
    })
    assert.deepStrictEqual(body, {
      code: "INVALID_ARGS",
      message: "Invalid ref_id '@e1': expected @<snapshot_id>:e<N>",
      suggestion: BARE_REF_SUGGESTION,
      disposition: { delivery: "not_delivered", retry: "safe" }
    })
  })

  it("TIMEOUT defaults to unknown and then has no recovery", () => {
    const body = buildErrorBody({ code: "TIMEOUT", message: "deadline" })
    assert.deepStrictEqual(body.disposition, { delivery: "unknown", retry: "unknown" })
    assert.isUndefined(body.recovery)
  })

  it("a not-delivered TIMEOUT offers a delayed retry", () => {
    const body = buildErrorBody({ code: "TIMEOUT", message: "wait", delivery: "not_delivered", details: { kind: "wait_timeout" } })
    assert.deepStrictEqual(body.recovery, {
      strategy: "inspect_state_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: false,
      retry_after_ms: 1000
    })
  })

  it("resolution_identity_unknown is a retryable, not-delivered TIMEOUT", () => {
    const body = buildErrorBody({ code: "TIMEOUT", message: "m", details: { kind: "resolution_identity_unknown" } })
    assert.deepStrictEqual(body.disposition, { delivery: "not_delivered", retry: "safe" })
    assert.strictEqual(body.recovery?.retry_after_ms, 1000)
  })

  it("the 2.6 identity refusals get retryable:false and never a recovery", () => {
    for (const [code, kind] of [
      ["STALE_REF", "saved_ref_absent"],
      ["AMBIGUOUS_TARGET", "saved_ref_ambiguous"],
      ["AMBIGUOUS_TARGET", "identity_not_unique"]
    ] as const) {
      const body = buildErrorBody({ code, message: "m", details: { kind } })
      assert.deepStrictEqual(body.disposition, { delivery: "not_delivered", retry: "safe" })
      assert.deepStrictEqual(body.details, { kind, retryable: false })
      assert.isUndefined(body.recovery)
      assert.notStrictEqual(body.suggestion, ERROR_CATALOGUE[code].suggestion)
    }
  })

  it("explicit retryable:false suppresses recovery; delivered errors never carry one", () => {
    assert.isUndefined(buildErrorBody({ code: "STALE_REF", message: "m", details: { retryable: false } }).recovery)
    const delivered = buildErrorBody({ code: "ACTION_FAILED", message: "m", delivery: "delivered_unverified" })
    assert.deepStrictEqual(delivered.disposition, { delivery: "delivered_unverified", retry: "unsafe" })
    assert.isUndefined(delivered.recovery)
  })

  it("omits empty optional fields", () => {
    const body = buildErrorBody({ code: "INTERNAL", message: "m", details: {}, suggestion: " ", platformDetail: "" })
    assert.deepStrictEqual(Object.keys(body), ["code", "message", "suggestion", "disposition"])
    assert.strictEqual(buildErrorBody({ code: "INTERNAL", message: "m", platformDetail: "dbus" }).platform_detail, "dbus")
  })

  it("never builds an illegal body, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.option(fc.constantFrom(...DELIVERIES), { nil: undefined }),
        fc.option(
          fc.record(
            {
              kind: fc.constantFrom("saved_ref_absent", "identity_not_unique", "resolution_identity_unknown", "wait_timeout", "x"),
              retryable: fc.boolean()
            },
            { requiredKeys: [] }
          ),
          { nil: undefined }
        ),
        (code, delivery, details) => {
          const body = buildErrorBody({
            code,
            message: "m",
            ...(delivery === undefined ? {} : { delivery }),
            ...(details === undefined ? {} : { details })
          })
          assert.isTrue(isLegalDisposition(body.disposition))
          if (delivery !== undefined) assert.strictEqual(body.disposition.delivery, delivery)
          if (body.recovery !== undefined) {
            assert.strictEqual(body.disposition.retry, "safe")
            assert.notStrictEqual(body.details?.["retryable"], false)
          }
          if (body.recovery?.retry_after_ms !== undefined) assert.include(["TIMEOUT", "APP_UNRESPONSIVE"], code)
        }
      ),
      { numRuns: 2000 }
    )
  })
})
