import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { movePointerVerified } from "./pointerMotion.js"
import { reportDisposition } from "../reportDisposition.js"

/** `mouse-move --xy X,Y` (headed): XTEST motion, verified by reading the pointer position back. */
export const mouseMove = Effect.fn("mouse-move")(function*(args: ArgsOf<"mouse-move">) {
  const point = yield* requiredPoint(args.xy, "xy")
  yield* requireHeaded("mouse-move")
  const native = yield* nativeDesktop
  yield* ensureOnScreen(native, point, "--xy")
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "mouse-move", x: point.x, y: point.y })
  const steps = yield* movePointerVerified(native, point)
  return {
    action: "mouse-move",
    disposition: yield* reportDisposition("mouse-move", steps),
    steps,
    target: { kind: "pointer" as const, point },
    x: point.x,
    y: point.y
  }
})
