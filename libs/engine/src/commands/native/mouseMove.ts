import { foldDisposition } from "@agent-desktop/domain"
import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import type { Args } from "../../Args.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { recordSteps } from "./recordSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"

/** `mouse-move --xy X,Y` (headed): XTEST motion, verified by reading the pointer position back. */
export const mouseMove = Effect.fn("mouse-move")(function*(args: Args) {
  const point = yield* requiredPoint(args, "xy", "xy")
  yield* requireHeaded("mouse-move")
  const native = yield* nativeDesktop
  yield* ensureOnScreen(native, point, "--xy")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-move", x: point.x, y: point.y })
  yield* writeAhead("XTestFakeMotionEvent", { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.moveTo(point).pipe(Effect.mapError(fromPlatformError))
  const after = yield* native.pointer().pipe(Effect.mapError(fromPlatformError))
  const steps: ReadonlyArray<DeliveryStep> = [{
    label: "XTestFakeMotionEvent",
    outcome: "succeeded",
    mechanism: "physical_synthetic",
    verified: after.x === point.x && after.y === point.y
  }]
  recordSteps(invocation, steps)
  return {
    action: "mouse-move",
    disposition: foldDisposition(steps),
    steps,
    target: { kind: "pointer" as const, point },
    x: point.x,
    y: point.y
  }
})
