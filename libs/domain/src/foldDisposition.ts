/**
 * Disposition as a fold over delivery evidence. Rules, in order (README "Disposition"):
 *
 * 1. Some step `succeeded` -> delivered. Verified when no succeeded step reports `verified: false`, the readback did
 *    not contradict the request, and at least one proof exists (a succeeded step reporting `verified: true`, or a
 *    confirming readback). Otherwise `delivered_unverified`.
 * 2. No success, some step `attempted` (sent, outcome never learnt, e.g. the reply timed out) -> `delivery_uncertain`.
 * 3. No step sent, and the step record is complete (the adapter accounted for everything it did, including
 *    skipping because the target was already in state) -> `not_delivered`.
 * 4. No step sent, but the record is not complete (the delivery phase was entered and then cut off by a deadline,
 *    an interruption or a crash before the adapter reported) -> `unknown`: this call established no evidence.
 */
import type { DeliveryStep } from "./DeliveryStep.js"
import { dispositionOf, type Disposition } from "./Disposition.js"

export type Readback = "confirmed" | "contradicted" | "unavailable"

export interface DeliveryEvidence {
  /**
   * False when the delivery phase began but ended without a full account of what was sent (deadline, fiber
   * interruption, adapter defect). Defaults to true: the steps are the whole story.
   */
  readonly stepsComplete?: boolean
  /** The 2.4 readback of the target after delivery, when one was made. */
  readonly readback?: Readback
}

export const foldDisposition = (
  steps: ReadonlyArray<DeliveryStep>,
  evidence: DeliveryEvidence = {}
): Disposition => {
  const succeeded = steps.filter((step) => step.outcome === "succeeded")
  if (succeeded.length > 0) {
    const refuted = succeeded.some((step) => step.verified === false) || evidence.readback === "contradicted"
    const proven = succeeded.some((step) => step.verified === true) || evidence.readback === "confirmed"
    return dispositionOf(!refuted && proven ? "delivered_verified" : "delivered_unverified")
  }
  if (steps.some((step) => step.outcome === "attempted")) return dispositionOf("delivery_uncertain")
  return dispositionOf(evidence.stepsComplete === false ? "unknown" : "not_delivered")
}
