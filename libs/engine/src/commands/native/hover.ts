import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { movePointerVerified } from "./pointerMotion.js"
import { refPoint } from "./refPoint.js"
import { reportDisposition } from "../reportDisposition.js"

/**
 * `hover [REF] [--xy X,Y]` (headed): the pointer rests over a ref's centre (after the identity, focus and
 * actionability checks) or a point; verified by reading the pointer back. A positive `--duration` (holding the
 * hover) is refused, as in the reference.
 */
export const hover = Effect.fn("hover")(function*(args: ArgsOf<"hover">) {
  const { ref_id: ref, duration, timeout_ms: timeoutMs } = args
  if (duration !== undefined && duration > 0) {
    return yield* new InvalidArgs({ message: "--duration is not supported: hover moves the pointer and returns", suggestion: "Omit --duration; use wait to let a tooltip appear" })
  }
  if (ref === undefined && args.xy === undefined) {
    return yield* new InvalidArgs({ message: "hover needs a REF or --xy X,Y", suggestion: "Pass a ref from a snapshot or --xy X,Y" })
  }
  const xy = ref === undefined ? yield* requiredPoint(args.xy, "xy") : undefined
  yield* requireHeaded("hover")
  const native = yield* nativeDesktop
  let point: ScreenPoint
  if (xy !== undefined) {
    yield* ensureOnScreen(native, xy, "--xy")
    point = xy
  } else {
    point = (yield* refPoint(ref!, "hover", native, timeoutMs)).point
  }
  const invocation = yield* Invocation
  invocation.record("action.dispatch.start", { action: "hover", ...(ref === undefined ? {} : { ref }), x: point.x, y: point.y })
  const steps = yield* movePointerVerified(native, point)
  return {
    action: "hover",
    disposition: yield* reportDisposition("hover", steps),
    steps,
    target: { kind: "pointer" as const, point },
    ...(xy === undefined ? {} : { x: xy.x, y: xy.y })
  }
})
