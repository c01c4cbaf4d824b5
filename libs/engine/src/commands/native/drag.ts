import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { DeliveryStep, NativeDesktopShape, ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { ensureOnScreen, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { refPoint } from "./refPoint.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"

/** One end of the drag: a ref (its centre, after the checks) or a point. */
interface End {
  readonly ref: string | undefined
  readonly xy: ScreenPoint | undefined
  readonly flag: "from" | "to"
}

const endpoint = (end: End, native: NativeDesktopShape, timeoutMs: number) =>
  Effect.gen(function*() {
    if (end.ref !== undefined) return (yield* refPoint(end.ref, "drag", native, timeoutMs)).point
    const point = yield* requiredPoint(end.xy, `${end.flag}-xy`)
    yield* ensureOnScreen(native, point, `--${end.flag}-xy`)
    return point
  })

/**
 * `drag --from REF|--from-xy X,Y --to REF|--to-xy X,Y [--duration MS] [--drop-delay MS]` (headed): left button
 * down at the source, moved in steps, held over the target for the drop delay, released. Ref endpoints pass the
 * identity, focus and actionability checks first.
 */
export const drag = Effect.fn("drag")(function*(args: ArgsOf<"drag">) {
  const { timeout_ms: timeoutMs, duration: durationMs, drop_delay: dropDelayMs } = args
  const ends: ReadonlyArray<End> = [
    { ref: args.from, xy: args.from_xy, flag: "from" },
    { ref: args.to, xy: args.to_xy, flag: "to" }
  ]
  for (const { ref, xy, flag } of ends) {
    if (ref === undefined && xy === undefined) {
      return yield* new InvalidArgs({ message: `drag needs --${flag} REF or --${flag}-xy X,Y`, suggestion: `Pass --${flag} or --${flag}-xy` })
    }
  }
  yield* requireHeaded("drag")
  const native = yield* nativeDesktop
  const from: ScreenPoint = yield* endpoint(ends[0]!, native, timeoutMs)
  const to: ScreenPoint = yield* endpoint(ends[1]!, native, timeoutMs)
  const invocation = yield* Invocation
  const label = "XTestFakeButtonEvent(drag)"
  invocation.record("action.dispatch.start", { action: "drag", from, to, duration_ms: durationMs, drop_delay_ms: dropDelayMs })
  yield* writeAhead(label, { outcome: "attempted", mechanism: "physical_synthetic" })
  yield* native.drag(from, to, { durationMs, dropDelayMs }).pipe(answered(label))
  const steps: ReadonlyArray<DeliveryStep> = [{ label, outcome: "succeeded", mechanism: "physical_synthetic" }]
  recordSteps(invocation, steps)
  return {
    action: "drag",
    disposition: yield* reportDisposition("drag", steps),
    steps,
    target: { kind: "drag" as const, from, to },
    from,
    to,
    drop_delay_ms: dropDelayMs
  }
})
