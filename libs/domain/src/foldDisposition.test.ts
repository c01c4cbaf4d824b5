import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import type { DeliveryStep } from "./DeliveryStep.js"
import { DELIVERIES, isLegalDisposition, retryFor } from "./Disposition.js"
import { foldDisposition, type DeliveryEvidence } from "./foldDisposition.js"

const step = (outcome: DeliveryStep["outcome"], verified?: boolean): DeliveryStep =>
  verified === undefined ? { label: "DoAction", outcome } : { label: "DoAction", outcome, verified }

describe("retryFor", () => {
  it("derives retry from delivery", () => {
    assert.deepStrictEqual(
      DELIVERIES.map((d) => retryFor(d)),
      ["unknown", "safe", "unsafe", "unsafe", "unsafe"]
    )
  })
})

describe("foldDisposition", () => {
  it("no step sent -> not_delivered / safe", () => {
    assert.deepStrictEqual(foldDisposition([]), { delivery: "not_delivered", retry: "safe" })
    assert.deepStrictEqual(foldDisposition([step("skipped")]), { delivery: "not_delivered", retry: "safe" })
  })

  it("succeeded and verified -> delivered_verified", () => {
    assert.strictEqual(foldDisposition([step("succeeded", true)]).delivery, "delivered_verified")
  })

  it("succeeded and confirmed by readback -> delivered_verified", () => {
    assert.strictEqual(foldDisposition([step("succeeded")], { readback: "confirmed" }).delivery, "delivered_verified")
  })

  it("succeeded without proof -> delivered_unverified", () => {
    assert.strictEqual(foldDisposition([step("succeeded")]).delivery, "delivered_unverified")
    assert.strictEqual(foldDisposition([step("succeeded")], { readback: "unavailable" }).delivery, "delivered_unverified")
  })

  it("a refuting step or readback denies verification", () => {
    assert.strictEqual(foldDisposition([step("succeeded", false), step("succeeded", true)]).delivery, "delivered_unverified")
    assert.strictEqual(foldDisposition([step("succeeded", true)], { readback: "contradicted" }).delivery, "delivered_unverified")
  })

  it("an attempted step whose outcome is unknowable -> delivery_uncertain", () => {
    assert.deepStrictEqual(foldDisposition([step("skipped"), step("attempted")]), {
      delivery: "delivery_uncertain",
      retry: "unsafe"
    })
  })

  it("a success after an attempt is still a delivery", () => {
    assert.strictEqual(foldDisposition([step("attempted"), step("succeeded")]).delivery, "delivered_unverified")
  })

  it("delivery cut off with nothing recorded -> unknown / unknown", () => {
    assert.deepStrictEqual(foldDisposition([], { stepsComplete: false }), { delivery: "unknown", retry: "unknown" })
    assert.deepStrictEqual(foldDisposition([step("skipped")], { stepsComplete: false }), {
      delivery: "unknown",
      retry: "unknown"
    })
  })

  it("no input produces an illegal delivery/retry pair, and the fold agrees with the reference's rule", () => {
    const arbStep = fc.record(
      {
        label: fc.string(),
        outcome: fc.constantFrom("attempted", "skipped", "succeeded"),
        verified: fc.boolean()
      },
      { requiredKeys: ["label", "outcome"] }
    ) as fc.Arbitrary<DeliveryStep>
    const arbEvidence = fc.record(
      { stepsComplete: fc.boolean(), readback: fc.constantFrom("confirmed", "contradicted", "unavailable") },
      { requiredKeys: [] }
    ) as fc.Arbitrary<DeliveryEvidence>
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 6 }), arbEvidence, (steps, evidence) => {
        const disposition = foldDisposition(steps, evidence)
        assert.isTrue(isLegalDisposition(disposition))
        const delivered = steps.some((s) => s.outcome === "succeeded")
        assert.strictEqual(disposition.delivery.startsWith("delivered_"), delivered)
        if (!delivered && steps.some((s) => s.outcome === "attempted")) {
          assert.strictEqual(disposition.delivery, "delivery_uncertain")
        }
        if (disposition.retry === "safe") {
          assert.isFalse(steps.some((s) => s.outcome !== "skipped"))
          assert.notStrictEqual(evidence.stepsComplete, false)
        }
      }),
      { numRuns: 2000 }
    )
  })
})
