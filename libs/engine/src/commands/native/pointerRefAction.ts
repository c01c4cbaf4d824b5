/**
 * Ref actions that are physical only on Linux: double-click, triple-click, right-click (--headed; POLICY_DENIED
 * otherwise). The ref's identity is proven, its window is focused (the exact source window, verified by the window
 * manager), the target passes the pointer actionability checks, then XTEST clicks its centre.
 */
import { foldDisposition } from "@agent-desktop/domain"
import type { DeliveryStep, MouseButton } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, optionalString, requiredString, type Args } from "../../Args.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { resolveRef } from "../../resolve/resolveRef.js"
import { DEFAULT_ACTION_TIMEOUT_MS } from "../actions/refAction.js"
import { nativeDesktop, requireHeaded } from "./nativeAccess.js"
import { checkPointerActionable } from "./pointerActionability.js"
import { recordSteps } from "./recordSteps.js"
import { operateAndVerify } from "./windowOperation.js"

const CLICKS: Readonly<Record<string, { readonly button: MouseButton; readonly count: number }>> = {
  "double-click": { button: "left", count: 2 },
  "triple-click": { button: "left", count: 3 },
  "right-click": { button: "right", count: 1 }
}

export const POINTER_REF_ACTIONS: ReadonlyArray<string> = Object.keys(CLICKS)

export const pointerRefAction = (name: string) => Effect.fn(`action.${name}`)(function*(args: Args) {
  const click = CLICKS[name]!
  const ref = yield* requiredString(args, "ref_id")
  const timeoutMs = (yield* optionalInt(args, "timeout_ms")) ?? DEFAULT_ACTION_TIMEOUT_MS
  yield* optionalString(args, "snapshot")
  yield* requireHeaded(name)
  const native = yield* nativeDesktop
  const invocation = yield* Invocation
  // Identity first: nothing (not even focus) happens for a ref that no longer names its element.
  const resolved = yield* resolveRef(ref, { timeoutMs })
  const managed = yield* native.findWindow({
    pid: resolved.window.pid,
    title: resolved.window.title,
    ...(resolved.window.bounds ? { bounds: resolved.window.bounds } : {})
  }).pipe(Effect.mapError(fromPlatformError))
  yield* operateAndVerify(native, { info: resolved.window, managed }, {
    operation: { kind: "focus" },
    label: "_NET_ACTIVE_WINDOW",
    satisfied: (w) => w.focused && !w.minimized,
    describe: () => ({ focused: true })
  }, true)
  const actionable = yield* checkPointerActionable(ref, name, native, managed.nativeId, timeoutMs)
  invocation.record("actionability.checked", { ref, point: actionable.point, checks: actionable.checks })
  invocation.record("action.dispatch.start", { action: name, ref, x: actionable.point.x, y: actionable.point.y })
  invocation.record("step.attempted", { label: "XTestFakeButtonEvent", outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.click(actionable.point, { button: click.button, count: click.count, modifiers: [] }).pipe(Effect.mapError(fromPlatformError))
  const steps: ReadonlyArray<DeliveryStep> = [{ label: "XTestFakeButtonEvent", outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  return { action: name, disposition: foldDisposition(steps), steps }
})
