/**
 * The screen point of a ref for pointer input: identity proven, the exact source window focused and verified by
 * the window manager, then every actionability check (pointerActionability.ts). Nothing is sent to the target.
 */
import type { NativeDesktopShape } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"
import { resolveRef } from "../../resolve/resolveRef.js"
import { checkPointerActionable } from "./pointerActionability.js"
import { operateAndVerify } from "./windowOperation.js"

export const refPoint = Effect.fnUntraced(function*(ref: string, action: string, native: NativeDesktopShape, timeoutMs: number) {
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
  const actionable = yield* checkPointerActionable(ref, action, native, managed.nativeId, timeoutMs)
  invocation.record("actionability.checked", { ref, point: actionable.point, checks: actionable.checks })
  return actionable
})
