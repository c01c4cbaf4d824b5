import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { DeliveryStep } from "@agent-desktop/platform"
import { Effect } from "effect"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop, requireHeaded } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { refPoint } from "./refPoint.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

/**
 * `scroll REF [--direction up|down|left|right] [--amount N]` (headed on Linux: AT-SPI has no scroll action, so it
 * is wheel notches over the element's centre after the identity, focus and actionability checks).
 */
export const scrollRef = Effect.fn("action.scroll")(function*(args: ArgsOf<"scroll">) {
  const { ref_id: ref, direction, amount, timeout_ms: timeoutMs } = args
  yield* requireHeaded("scroll")
  const native = yield* nativeDesktop
  const { point } = yield* refPoint(ref, "scroll", native, timeoutMs)
  const dy = direction === "up" ? amount : direction === "down" ? -amount : 0
  const dx = direction === "left" ? amount : direction === "right" ? -amount : 0
  const invocation = yield* Invocation
  const label = "XTestFakeButtonEvent(wheel)"
  invocation.record("action.dispatch.start", { action: "scroll", ref, x: point.x, y: point.y, dx, dy })
  yield* writeAhead(label, { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.wheel(point, { dx, dy, modifiers: [] }).pipe(answered(label))
  const steps: ReadonlyArray<DeliveryStep> = [{ label, outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  return { action: "scroll", disposition: yield* reportDisposition("scroll", steps), steps }
})
