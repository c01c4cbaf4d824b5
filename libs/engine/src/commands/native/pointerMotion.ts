import type { DeliveryStep, NativeDesktopShape, ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { recordSteps } from "../../journal/journalSteps.js"

const LABEL = "XTestFakeMotionEvent"

/**
 * The pointer moved to `point` by XTEST motion (its attempt written ahead), verified by reading the pointer back:
 * the one delivery step of `mouse-move` and `hover`.
 */
export const movePointerVerified = (native: NativeDesktopShape, point: ScreenPoint) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    yield* writeAhead(LABEL, { outcome: "attempted", mechanism: "physical_synthetic" })
    yield* native.moveTo(point).pipe(answered(LABEL))
    const after = yield* native.pointer().pipe(Effect.mapError(fromPlatformError))
    const steps: ReadonlyArray<DeliveryStep> = [{
      label: LABEL,
      outcome: "succeeded",
      mechanism: "physical_synthetic",
      verified: after.x === point.x && after.y === point.y
    }]
    recordSteps(invocation, steps)
    return steps
  })
