import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, modifiersOf, nativeDesktop, requireHeaded } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

/** --x and --y, which the spec cannot make required flags. */
const required = (value: number | undefined, key: string) =>
  value === undefined
    ? Effect.fail(new InvalidArgs({ message: `Missing --${key}`, suggestion: "mouse-wheel needs --x and --y" }))
    : Effect.succeed(value)

/** `mouse-wheel --x --y [--dy -3] [--dx 0] [--modifiers]` (headed): dy > 0 scrolls up, dx > 0 left. */
export const mouseWheel = Effect.fn("mouse-wheel")(function*(args: ArgsOf<"mouse-wheel">) {
  const x = yield* required(args.x, "x")
  const y = yield* required(args.y, "y")
  const { dy, dx } = args
  const modifiers = yield* modifiersOf(args.modifiers)
  yield* requireHeaded("mouse-wheel")
  const native = yield* nativeDesktop
  const point = { x, y }
  yield* ensureOnScreen(native, point, "--x/--y")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-wheel", x, y, dx, dy, modifiers })
  const label = "XTestFakeButtonEvent(wheel)"
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
