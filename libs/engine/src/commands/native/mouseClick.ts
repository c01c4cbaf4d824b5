import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, modifiersOf, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

/**
 * `mouse-click --xy X,Y [--button] [--count] [--modifiers]` (headed). Raw coordinates focus nothing and prove
 * nothing about which app received the click: `delivered_unverified`.
 */
export const mouseClick = Effect.fn("mouse-click")(function*(args: ArgsOf<"mouse-click">) {
  const point = yield* requiredPoint(args.xy, "xy")
  const { button, count } = args
  const modifiers = yield* modifiersOf(args.modifiers)
  yield* requireHeaded("mouse-click")
  const native = yield* nativeDesktop
  yield* ensureOnScreen(native, point, "--xy")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-click", x: point.x, y: point.y, button, count, modifiers })
  yield* writeAhead("XTestFakeButtonEvent", { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.click(point, { button, count, modifiers }).pipe(answered("XTestFakeButtonEvent"))
  const steps: ReadonlyArray<DeliveryStep> = [{ label: "XTestFakeButtonEvent", outcome: "succeeded", mechanism: "physical_synthetic" }]
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
