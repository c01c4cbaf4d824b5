// Our error bodies and dispositions against the contract package's own schemas: the two are written separately,
// so this is where a disagreement between them shows up.
import { Disposition as DispositionSchema, ErrorBody as ErrorBodySchema } from "@agent-desktop/contracts"
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { Compile } from "typebox/compile"
import { buildErrorBody } from "./buildErrorBody.js"
import { DELIVERIES } from "./Disposition.js"
import { ERROR_CODES } from "./ErrorCode.js"
import { foldDisposition } from "./foldDisposition.js"

const errorBody = Compile(ErrorBodySchema)
const disposition = Compile(DispositionSchema)

describe("contract conformance", () => {
  it("the contract's schema does reject what we must never build", () => {
    const stale = buildErrorBody({ code: "STALE_REF", message: "m" })
    assert.isTrue(errorBody.Check(stale))
    assert.isFalse(errorBody.Check({ ...stale, disposition: { delivery: "unknown", retry: "unknown" } }))
    assert.isFalse(errorBody.Check({ ...stale, recovery: { ...stale.recovery, retry_after_ms: 5 } }))
    assert.isFalse(errorBody.Check({ ...stale, disposition: { delivery: "not_delivered", retry: "unsafe" } }))
  })

  it("every error body we can build validates against the contract's ErrorBody", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.option(fc.constantFrom(...DELIVERIES), { nil: undefined }),
        fc.option(
          fc.record(
            {
              kind: fc.constantFrom("saved_ref_absent", "saved_ref_ambiguous", "identity_not_unique", "resolution_identity_unknown", "retained_object_stale", "wait_timeout", "chain_deadline"),
              retryable: fc.boolean(),
              ref: fc.string()
            },
            { requiredKeys: [] }
          ),
          { nil: undefined }
        ),
        fc.option(fc.string(), { nil: undefined }),
        (code, delivery, details, platformDetail) => {
          const body = buildErrorBody({
            code,
            message: "m",
            ...(delivery === undefined ? {} : { delivery }),
            ...(details === undefined ? {} : { details }),
            ...(platformDetail === undefined ? {} : { platformDetail })
          })
          assert.isTrue(errorBody.Check(body), JSON.stringify(body))
        }
      ),
      { numRuns: 3000 }
    )
  })

  it("every folded disposition validates against the contract's Disposition", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ label: fc.constant("s"), outcome: fc.constantFrom("attempted" as const, "skipped" as const, "succeeded" as const), verified: fc.boolean() })),
        fc.boolean(),
        (steps, complete) => {
          assert.isTrue(disposition.Check(foldDisposition(steps, { stepsComplete: complete })))
        }
      )
    )
  })
})
