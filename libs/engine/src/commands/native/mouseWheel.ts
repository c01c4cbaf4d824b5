import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { stringList, type Args } from "../../Args.js"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, modifiersOf, nativeDesktop, requireHeaded } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"
import { stepLabel } from "./stepLabel.js"

const MAX_NOTCHES = 100

const signedInt = (args: Args, key: string, fallback: number | undefined) => {
  const value = args[key]
  if (value === undefined || value === null) {
    return fallback === undefined
      ? Effect.fail(new InvalidArgs({ message: `Missing --${key}`, suggestion: "mouse-wheel needs --x and --y" }))
      : Effect.succeed(fallback)
  }
  return typeof value === "number" && Number.isSafeInteger(value)
    ? Effect.succeed(value)
    : Effect.fail(new InvalidArgs({ message: `--${key} must be an integer`, suggestion: `Pass --${key} as an integer` }))
}

/** `mouse-wheel --x --y [--dy -3] [--dx 0] [--modifiers]` (headed): dy > 0 scrolls up, dx > 0 left. */
export const mouseWheel = Effect.fn("mouse-wheel")(function*(args: Args) {
  const x = yield* signedInt(args, "x", undefined)
  const y = yield* signedInt(args, "y", undefined)
  const dy = yield* signedInt(args, "dy", -3)
  const dx = yield* signedInt(args, "dx", 0)
  if (Math.abs(dx) > MAX_NOTCHES || Math.abs(dy) > MAX_NOTCHES) {
    return yield* new InvalidArgs({ message: `at most ${MAX_NOTCHES} notches per call`, suggestion: "Scroll in smaller steps" })
  }
  const modifiers = yield* modifiersOf(yield* stringList(args, "modifiers"))
  yield* requireHeaded("mouse-wheel")
  const native = yield* nativeDesktop
  const point = { x, y }
  yield* ensureOnScreen(native, point, "--x/--y")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-wheel", x, y, dx, dy, modifiers })
  const label = stepLabel(native, "XTestFakeButtonEvent(wheel)")
  yield* writeAhead(label, { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.wheel(point, { dx, dy, modifiers }).pipe(answered(label))
  const steps: ReadonlyArray<DeliveryStep> = [
    dx === 0 && dy === 0
      ? { label, outcome: "skipped", mechanism: "physical_synthetic" }
      : { label, outcome: "succeeded", mechanism: "physical_synthetic" }
  ]
  recordSteps(invocation, steps)
  return {
    action: "mouse-wheel",
    disposition: yield* reportDisposition("mouse-wheel", steps),
    steps,
    target: { kind: "pointer" as const, point },
    x,
    y,
    dy,
    dx
  }
})
