import { PlatformError, StepJournal, type DeliveryStep } from "@agent-desktop/platform"
import type { StoreError } from "@agent-desktop/store"
import { Internal, type DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import type { Invocation } from "../Invocation.js"
import { storeFailureDetails, storeFailureSuggestion } from "../StoreAccess.js"
import { EVIDENCE } from "./foldEvidence.js"

/** One delivery's StepJournal and the steps it has already recorded (Delivery records only the rest). */
export interface JournalledSteps {
  readonly journal: StepJournal["Service"]
  readonly recorded: ReadonlySet<DeliveryStep>
  /** The store failure that stopped the action before a message, if one did. */
  readonly stoppedBy: () => StoreError | undefined
}

/**
 * The engine's journal for one delivery, message by message: before each message the adapter sends, a write-ahead
 * `step.attempted` on disk (when it cannot be written, nothing more is sent and the adapter fails with the steps it
 * took); after each answer, its `step.<outcome>` at once. A crash between two messages of one action (focus, then
 * keys) leaves exactly what went out on disk.
 */
export const journalSteps = (invocation: Invocation["Service"]): JournalledSteps => {
  const recorded = new Set<DeliveryStep>()
  // Messages are numbered in the order they go out; an answer carries its message's number (labels are redacted in
  // the store, so the number is what pairs them). An adapter sends one message at a time within an action.
  let sent = 0
  let unanswered: number | undefined
  let stopped: StoreError | undefined
  const journal = StepJournal.of({
    sending: (step, stepsSoFar) => {
      const message = ++sent
      unanswered = message
      invocation.record(EVIDENCE.attempted, { ...step, write_ahead: true, message })
      const failure = invocation.ensureDurable()
      if (failure === undefined) return
      // Answered here: this message never went out.
      unanswered = undefined
      stopped = failure
      invocation.record("step.skipped", { label: step.label, message, sent: false, reason: "write_ahead_failed" })
      throw new PlatformError({
        code: "INTERNAL",
        message: `Nothing more was sent: ${step.label} could not be recorded first (${failure.message})`,
        details: { kind: "store_failure", ...storeFailureDetails(failure), retryable: stepsSoFar.length === 0 },
        steps: [...stepsSoFar]
      })
    },
    answered: (step) => {
      recorded.add(step)
      invocation.record(`step.${step.outcome}`, { ...step, ...(unanswered === undefined ? {} : { message: unanswered }) })
      unanswered = undefined
    }
  })
  return { journal, recorded, stoppedBy: () => stopped }
}

/**
 * The adapter's failure as the engine's error. When the journal stopped the action, the store's own advice goes with
 * it (a locked or full store is not a bug to report); the delivery is what the steps that went out prove.
 */
export const journalledError = (journalled: JournalledSteps, error: PlatformError): DesktopError => {
  const base = fromPlatformError(error)
  const stopped = journalled.stoppedBy()
  if (stopped === undefined) return base
  return new Internal({
    message: error.message,
    ...(base.delivery === undefined ? {} : { delivery: base.delivery }),
    ...(error.details === undefined ? {} : { details: error.details }),
    suggestion: storeFailureSuggestion(stopped)
  })
}

const NONE: ReadonlySet<DeliveryStep> = new Set()

/**
 * Records steps as evidence events: an adapter's steps its journal has not recorded yet (an adapter without one, or a
 * step taken without a message), or a native command's steps (`recorded` left empty).
 */
export const recordSteps = (
  invocation: Invocation["Service"],
  steps: ReadonlyArray<DeliveryStep>,
  recorded: ReadonlySet<DeliveryStep> = NONE
): void => {
  for (const step of steps) if (!recorded.has(step)) invocation.record(`step.${step.outcome}`, { ...step })
}
