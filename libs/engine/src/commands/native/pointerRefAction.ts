/**
 * Ref actions that are physical only on Linux: double-click, triple-click, right-click (--headed; POLICY_DENIED
 * otherwise). The ref's identity is proven, its window is focused (the exact source window, verified by the window
 * manager), the target passes the pointer actionability checks, then XTEST clicks its centre.
 */
import type { ActionResult } from "@agent-desktop/contracts"
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { DeliveryStep, MouseButton } from "@agent-desktop/platform"
import { Effect } from "effect"
import { Invocation } from "../../Invocation.js"
import { nativeDesktop, requireHeaded } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { refPoint } from "./refPoint.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

const CLICKS: Readonly<Record<string, { readonly button: MouseButton; readonly count: number }>> = {
  "double-click": { button: "left", count: 2 },
  "triple-click": { button: "left", count: 3 },
  "right-click": { button: "right", count: 1 }
}

export const POINTER_REF_ACTIONS: ReadonlyArray<string> = Object.keys(CLICKS)

type OpenActionDetails = NonNullable<ActionResult["details"]> & Readonly<Record<string, unknown>>

export const pointerRefAction = (name: string) => Effect.fn(`action.${name}`)(function*(args: ArgsOf<"double-click" | "triple-click" | "right-click">) {
  const click = CLICKS[name]!
  const { ref_id: ref, timeout_ms: timeoutMs } = args
  yield* requireHeaded(name)
  const native = yield* nativeDesktop
  const invocation = yield* Invocation
  const actionable = yield* refPoint(ref, name, native, timeoutMs)
  invocation.record("action.dispatch.start", { action: name, ref, x: actionable.point.x, y: actionable.point.y })
  yield* writeAhead("XTestFakeButtonEvent", { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.click(actionable.point, { button: click.button, count: click.count, modifiers: [] }).pipe(answered("XTestFakeButtonEvent"))
  const steps: ReadonlyArray<DeliveryStep> = [{ label: "XTestFakeButtonEvent", outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  // The evidence the target was safe to click: where, and every check that passed. ActionDetails is an open object
  // (additionalProperties), which its static type cannot say; the index signature does.
  const details: OpenActionDetails = { actionability: { point: actionable.point, checks: actionable.checks } }
  return {
    action: name,
    disposition: yield* reportDisposition(name, steps),
    steps,
    details
  }
})
