import type { DeliveryStep, MouseButton } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, optionalString, stringList, type Args } from "../../Args.js"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, modifiersOf, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"
import { stepLabel } from "./stepLabel.js"

const BUTTONS: ReadonlyArray<MouseButton> = ["left", "right", "middle"]
const MAX_COUNT = 3

/**
 * `mouse-click --xy X,Y [--button] [--count] [--modifiers]` (headed). Raw coordinates focus nothing and prove
 * nothing about which app received the click: `delivered_unverified`.
 */
export const mouseClick = Effect.fn("mouse-click")(function*(args: Args) {
  const point = yield* requiredPoint(args, "xy", "xy")
  const buttonArg = (yield* optionalString(args, "button")) ?? "left"
  if (!BUTTONS.includes(buttonArg as MouseButton)) {
    return yield* new InvalidArgs({ message: `Unknown button '${buttonArg}'`, suggestion: "Use left, right or middle" })
  }
  const button = buttonArg as MouseButton
  const count = (yield* optionalInt(args, "count")) ?? 1
  if (count < 1 || count > MAX_COUNT) {
    return yield* new InvalidArgs({ message: `--count must be 1 to ${MAX_COUNT}, got ${count}`, suggestion: "Pass --count 1, 2 or 3" })
  }
  const modifiers = yield* modifiersOf(yield* stringList(args, "modifiers"))
  yield* requireHeaded("mouse-click")
  const native = yield* nativeDesktop
  yield* ensureOnScreen(native, point, "--xy")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-click", x: point.x, y: point.y, button, count, modifiers })
  const label = stepLabel(native, "XTestFakeButtonEvent")
  yield* writeAhead(label, { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.click(point, { button, count, modifiers }).pipe(answered(label))
  const steps: ReadonlyArray<DeliveryStep> = [{ label, outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  return {
    action: "mouse-click",
    disposition: yield* reportDisposition("mouse-click", steps),
    steps,
    target: { kind: "pointer" as const, point },
    x: point.x,
    y: point.y,
    count,
    button
  }
})
