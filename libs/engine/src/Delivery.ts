import { foldDisposition, type Disposition } from "@agent-desktop/domain"
import { DesktopAdapter, StepJournal, type ActionTarget, type DeliveryStep, type SemanticAction } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { Timeout, type DesktopError } from "./errors/DesktopError.js"
import { Invocation } from "./Invocation.js"
import { journalledError, journalSteps, recordSteps } from "./journal/journalSteps.js"
import { writeAhead } from "./journal/writeAhead.js"

export interface Delivered {
  readonly steps: ReadonlyArray<DeliveryStep>
  /** Folded from `steps` by domain's rule; never assigned by hand. */
  readonly disposition: Disposition
}

/** Slack past the adapter's own deadline before the engine stops waiting for it (it should stop itself first). */
const GRACE_MS = 250

/**
 * Run one action's delivery mechanisms (the adapter's chain) under one deadline, record every step as an evidence
 * event, and fold the disposition from that evidence. A failure keeps the delivery its steps prove; a deadline that
 * expires with the adapter still busy proves nothing, so it is `unknown`.
 */
export const deliver = Effect.fn("Delivery.deliver")(function*(
  target: ActionTarget,
  action: SemanticAction,
  options: { readonly headed: boolean; readonly timeoutMs: number }
): Effect.fn.Return<Delivered, DesktopError, DesktopAdapter | Invocation> {
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const deadline = (yield* Clock.currentTimeMillis) + options.timeoutMs
  yield* writeAhead(`act(${action.kind})`, { action: action.kind, role: target.role })
  const journalled = journalSteps(invocation)
  const steps = yield* adapter.act(target, action, { headed: options.headed, deadline }).pipe(
    Effect.provideService(StepJournal, journalled.journal),
    Effect.timeoutOrElse({
      duration: options.timeoutMs + GRACE_MS,
      orElse: () =>
        Effect.fail(new Timeout({
          message: `${action.kind} did not finish within ${options.timeoutMs} ms; it may have been delivered`,
          delivery: foldDisposition([], { stepsComplete: false }).delivery,
          details: { kind: "chain_deadline", timeout_ms: options.timeoutMs, mutated: "unknown" }
        }))
    }),
    Effect.tapError((error) => Effect.sync(() => {
      if (error._tag === "PlatformError") recordSteps(invocation, error.steps ?? [], journalled.recorded)
      invocation.record("action.dispatch.error", { action: action.kind, code: error._tag === "PlatformError" ? error.code : error.code })
    })),
    Effect.mapError((error) => error._tag === "PlatformError" ? journalledError(journalled, error) : error)
  )
  recordSteps(invocation, steps, journalled.recorded)
  const disposition = foldDisposition(steps)
  invocation.record("action.dispatch.ok", { action: action.kind, ...disposition })
  return { steps, disposition }
})
