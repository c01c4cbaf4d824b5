import { foldDisposition } from "@agent-desktop/domain"
import type { DeliveryStep, ManagedWindow, NativeDesktopShape, WindowOperation } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { ActionFailed } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { recordSteps as recordStepEvents } from "../../journal/journalSteps.js"
import type { WindowTargetPair } from "./windowTarget.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { stepLabel } from "./stepLabel.js"

/** How long the window manager gets to carry a request out before the read-back calls it failed. */
export const WINDOW_SETTLE_MS = 3000
const POLL_MS = 25

export interface OperationPlan {
  readonly operation: WindowOperation
  /** The EWMH request, as the step's label. */
  readonly label: string
  /** True once the window shows the requested state. */
  readonly satisfied: (window: ManagedWindow) => boolean
  /** What to name in the error when it never does. */
  readonly describe: (window: ManagedWindow) => Readonly<Record<string, unknown>>
}

const observed = (window: ManagedWindow) => ({
  bounds: window.bounds,
  minimized: window.minimized,
  maximized: window.maximized,
  focused: window.focused
})

/**
 * Ask the window manager, then read the window back until it shows the requested state or WINDOW_SETTLE_MS pass.
 * Already in that state: a skipped step, nothing sent. Never settled: ACTION_FAILED with what was observed
 * (delivered, so retry is unsafe).
 */
export const operateAndVerify = (
  native: NativeDesktopShape,
  target: WindowTargetPair,
  plan: OperationPlan,
  /** A precondition of another action (focus before a click): its events are not that action's delivery steps. */
  precondition = false
) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    const stepName = stepLabel(native, plan.label)
    const recordSteps = (inv: typeof invocation, steps: ReadonlyArray<DeliveryStep>) =>
      precondition ? inv.record("precondition.window", { operation: plan.operation.kind, steps }) : recordStepEvents(inv, steps)
    if (plan.satisfied(target.managed)) {
      const steps: ReadonlyArray<DeliveryStep> = [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]
      recordSteps(invocation, steps)
      return { steps, window: target.managed }
    }
    if (!precondition) {
      invocation.record("action.dispatch.start", { action: plan.operation.kind, window: target.info.id, native_id: target.managed.nativeId })
      yield* writeAhead(stepName, { outcome: "attempted", mechanism: "semantic_api" })
    }
    // The facet refuses (no window manager, window gone) before it sends anything.
    const request = native.operateWindow(target.managed.nativeId, plan.operation)
    // As a precondition it has no attempt of its own to answer (the action it guards is not written ahead yet).
    yield* (precondition ? request.pipe(Effect.mapError(fromPlatformError)) : request.pipe(answered(stepName)))
    const deadline = (yield* Clock.currentTimeMillis) + WINDOW_SETTLE_MS
    let window = target.managed
    while (true) {
      window = yield* native.readWindow(target.managed.nativeId).pipe(Effect.mapError(fromPlatformError))
      if (plan.satisfied(window)) break
      if ((yield* Clock.currentTimeMillis) >= deadline) {
        const steps: ReadonlyArray<DeliveryStep> = [{ label: stepName, outcome: "succeeded", mechanism: "semantic_api", verified: false }]
        recordSteps(invocation, steps)
        return yield* new ActionFailed({
          message: `the window manager did not carry out the ${plan.operation.kind} within ${WINDOW_SETTLE_MS} ms`,
          // As a precondition, the action it guards was never sent.
          delivery: precondition ? "not_delivered" : foldDisposition(steps).delivery,
          details: { kind: "post_action_verification", requested: plan.describe(window), observed: observed(window) }
        })
      }
      yield* Effect.sleep(POLL_MS)
    }
    const steps: ReadonlyArray<DeliveryStep> = [{ label: stepName, outcome: "succeeded", mechanism: "semantic_api", verified: true }]
    recordSteps(invocation, steps)
    return { steps, window }
  })
