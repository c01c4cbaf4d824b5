import { asSuccessDisposition, foldDisposition, type DeliveryEvidence, type SuccessDisposition } from "@agent-desktop/domain"
import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { ActionFailed } from "../errors/DesktopError.js"

/**
 * The disposition of a successful action report, folded from its steps. A fold that only an error may carry
 * (`delivery_uncertain`: sent, never answered; `unknown`: the record was cut off) is an ACTION_FAILED with that
 * delivery, never a success envelope the contract would reject.
 */
export const reportDisposition = (
  action: string,
  steps: ReadonlyArray<DeliveryStep>,
  evidence: DeliveryEvidence = {}
): Effect.Effect<SuccessDisposition, ActionFailed> => {
  const folded = foldDisposition(steps, evidence)
  const success = asSuccessDisposition(folded)
  return success !== undefined
    ? Effect.succeed(success)
    : Effect.fail(new ActionFailed({
      message: `${action} was sent but its outcome is not known (${folded.delivery})`,
      delivery: folded.delivery,
      details: { steps }
    }))
}
