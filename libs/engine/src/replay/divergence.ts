/**
 * The replay's typed stop: the first step where the app is not what the recording saw. One error per reason, with
 * what the recording expected and what the replay observed; its delivery is what the replay had sent by then (the
 * steps before it), so a divergence after delivered steps is never `not_delivered`.
 */
import type { Delivery } from "@agent-desktop/domain"
import type { ErrorCode } from "@agent-desktop/domain"
import { desktopError, type DesktopError } from "../errors/DesktopError.js"
import type { PlanStep } from "./ReplayPlan.js"

export type DivergenceReason =
  | "window_absent"
  | "window_ambiguous"
  | "target_absent"
  | "target_ambiguous"
  | "target_unreadable"
  | "step_failed"
  | "readback_differs"
  | "observation_differs"

const CODE: Readonly<Record<Exclude<DivergenceReason, "step_failed">, ErrorCode>> = {
  window_absent: "APP_NOT_FOUND",
  window_ambiguous: "AMBIGUOUS_TARGET",
  target_absent: "ELEMENT_NOT_FOUND",
  target_ambiguous: "AMBIGUOUS_TARGET",
  target_unreadable: "TIMEOUT",
  readback_differs: "ACTION_FAILED",
  observation_differs: "ACTION_FAILED"
}

const SUGGESTION: Readonly<Record<DivergenceReason, string>> = {
  window_absent: "Start the app as it was when the session was recorded, then replay again",
  window_ambiguous: "Close the app's other windows, then replay again (or from this step with --from)",
  target_absent: "Compare details.expected with details.observed: the app changed; fix the app or edit the exported batch (trace export --as batch)",
  target_ambiguous: "The window now holds several elements with the recorded identity; remove the twins or edit the exported batch",
  target_unreadable: "The window could not be read whole in time; replay again with a larger --timeout-ms",
  step_failed: "Read details.error: the command itself failed now where it succeeded in the recording",
  readback_differs: "The element's state after the action differs from the recording's read-back; inspect the app before replaying again",
  observation_differs: "What the replay observes differs from what the recording observed after the same steps; compare details.expected and details.observed"
}

/**
 * What a run of steps delivered as a whole. Once any step was delivered the whole was (retrying it is unsafe), and
 * it is verified only when every step that sent something was; before that, the least settled evidence speaks.
 */
export const combinedDelivery = (deliveries: ReadonlyArray<Delivery>): Delivery => {
  const sent = deliveries.filter((delivery) => delivery !== "not_delivered")
  if (sent.some((delivery) => delivery === "delivered_verified" || delivery === "delivered_unverified")) {
    return sent.every((delivery) => delivery === "delivered_verified") ? "delivered_verified" : "delivered_unverified"
  }
  if (sent.includes("delivery_uncertain")) return "delivery_uncertain"
  return sent.length > 0 ? "unknown" : "not_delivered"
}

export interface Progress {
  readonly replaySessionId: string
  readonly completedSteps: number
  readonly delivery: Delivery
}

export interface DivergenceInfo {
  readonly message: string
  /** For step_failed: the failed step's own code. */
  readonly code?: ErrorCode
  readonly expected?: unknown
  readonly observed?: unknown
  readonly differences?: unknown
  /** For step_failed: the failed step's error body. */
  readonly error?: unknown
}

export const diverged = (reason: DivergenceReason, step: PlanStep, progress: Progress, info: DivergenceInfo): DesktopError =>
  desktopError(reason === "step_failed" ? info.code ?? "ACTION_FAILED" : CODE[reason], {
    message: `replay diverged at step ${step.index} (${step.command}, recorded at ${step.position}): ${info.message}`,
    delivery: progress.delivery,
    details: {
      kind: "replay_diverged",
      reason,
      step: { index: step.index, position: step.position, command: step.command },
      replay_session_id: progress.replaySessionId,
      completed_steps: progress.completedSteps,
      ...(info.expected === undefined ? {} : { expected: info.expected }),
      ...(info.observed === undefined ? {} : { observed: info.observed }),
      ...(info.differences === undefined ? {} : { differences: info.differences }),
      ...(info.error === undefined ? {} : { error: info.error })
    },
    suggestion: SUGGESTION[reason]
  })
