import { foldDisposition, type Disposition } from "@agent-desktop/domain"
import type { DeliveryStep } from "@agent-desktop/platform"

/** The event types the journal uses for delivery evidence. */
export const EVIDENCE = {
  /** Written before the adapter is asked to send anything: `{ label, mechanism?, write_ahead: true }`. */
  attempted: "step.attempted",
  /** The adapter answered (with steps, or with an error that carries the steps it took). */
  answered: ["action.dispatch.ok", "action.dispatch.error"] as ReadonlyArray<string>,
  readback: "readback.observed"
} as const

interface EvidenceEvent {
  readonly type: string
  readonly payload?: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const stepOf = (event: EvidenceEvent): DeliveryStep | undefined => {
  if (!event.type.startsWith("step.") || !isRecord(event.payload)) return undefined
  const outcome = event.type.slice("step.".length)
  if (outcome !== "attempted" && outcome !== "succeeded" && outcome !== "skipped") return undefined
  const { label, mechanism, verified } = event.payload
  return {
    label: typeof label === "string" ? label : "step",
    outcome,
    ...(typeof mechanism === "string" ? { mechanism: mechanism as NonNullable<DeliveryStep["mechanism"]> } : {}),
    ...(typeof verified === "boolean" ? { verified } : {})
  }
}

/**
 * The disposition an invocation's events prove, by domain's rule. A write-ahead `step.attempted` counts until it is
 * answered — by its own message's outcome (same `message` number; the journal records each answer as it comes) or by
 * the adapter's answer for the whole action: an action cut off in between — by a crash, a signal, a hung bus — folds to
 * `delivery_uncertain` (or `delivered_*` when an earlier message of it was answered), never to `not_delivered`.
 */
export const foldEvidence = (events: ReadonlyArray<EvidenceEvent>): Disposition => {
  const steps: Array<DeliveryStep> = []
  // Written ahead and not answered yet; `message` pairs a message's answer with its write-ahead record.
  let pending: Array<{ readonly step: DeliveryStep; readonly message: unknown }> = []
  let readback: "confirmed" | "contradicted" | "unavailable" | undefined
  for (const event of events) {
    if (EVIDENCE.answered.includes(event.type)) {
      pending = []
      continue
    }
    if (event.type === EVIDENCE.readback && isRecord(event.payload)) {
      const value = event.payload["readback"]
      if (value === "confirmed" || value === "contradicted" || value === "unavailable") readback = value
      continue
    }
    const step = stepOf(event)
    if (step === undefined || !isRecord(event.payload)) continue
    const message = event.payload["message"]
    if (event.payload["write_ahead"] === true) {
      pending.push({ step, message })
      continue
    }
    if (message !== undefined) pending = pending.filter((written) => written.message !== message)
    steps.push(step)
  }
  steps.push(...pending.map((written) => written.step))
  return foldDisposition(steps, readback === undefined ? {} : { readback })
}

const RANK: Readonly<Record<Disposition["delivery"], number>> = {
  not_delivered: 0,
  unknown: 1,
  delivery_uncertain: 2,
  delivered_unverified: 3,
  delivered_verified: 4
}

/**
 * Whether the evidence says more was sent than an error claims: a store failure, an interruption or any other
 * late failure after an action went out must not turn it into `not_delivered` (or a bare `unknown`).
 */
export const evidenceOutranks = (evidence: Disposition["delivery"], claimed: Disposition["delivery"]): boolean =>
  RANK[evidence] >= RANK.delivery_uncertain && RANK[claimed] < RANK.delivery_uncertain
