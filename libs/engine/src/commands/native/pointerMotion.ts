import type { DeliveryStep, NativeDesktopShape, ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { stepLabel } from "./stepLabel.js"

const LABEL = "XTestFakeMotionEvent"

/**
 * The pointer moved to `point` by XTEST motion (its attempt written ahead), verified by reading the pointer back
 * where the display server can (not on Wayland): the one delivery step of `mouse-move` and `hover`.
 */
export const movePointerVerified = (native: NativeDesktopShape, point: ScreenPoint) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    const label = stepLabel(native, LABEL)
    yield* writeAhead(label, { outcome: "attempted", mechanism: "physical_synthetic" })
    yield* native.moveTo(point).pipe(answered(label))
    // A Wayland client cannot read the pointer back (no protocol tells it): the motion stands unverified.
    const after = yield* native.pointer().pipe(
      Effect.map((p): { x: number; y: number } | undefined => p),
      Effect.catchIf((error) => error.details?.["kind"] === "pointer_position_unreadable", () => Effect.succeed(undefined)),
      Effect.mapError(fromPlatformError)
    )
    const steps: ReadonlyArray<DeliveryStep> = [{
      label,
      outcome: "succeeded",
      mechanism: "physical_synthetic",
      ...(after === undefined ? {} : { verified: after.x === point.x && after.y === point.y })
    }]
    recordSteps(invocation, steps)
    return steps
  })
