import type { DeliveryStep, NativeDesktopShape, ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalInt, optionalString, type Args } from "../../Args.js"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { DEFAULT_ACTION_TIMEOUT_MS } from "../actionTimeout.js"
import { ensureOnScreen, nativeDesktop, requireHeaded, requiredPoint } from "./nativeAccess.js"
import { recordSteps } from "../../journal/journalSteps.js"
import { refPoint } from "./refPoint.js"
import { writeAhead } from "../../journal/writeAhead.js"
import { answered } from "../../journal/answered.js"
import { reportDisposition } from "../reportDisposition.js"
import { stepLabel } from "./stepLabel.js"

const DEFAULT_DURATION_MS = 300
const DEFAULT_DROP_DELAY_MS = 500
const MAX_MS = 10_000

const endpoint = (args: Args, refKey: string, xyKey: string, flag: string, native: NativeDesktopShape, timeoutMs: number) =>
  Effect.gen(function*() {
    const ref = yield* optionalString(args, refKey)
    if (ref !== undefined) return (yield* refPoint(ref, "drag", native, timeoutMs)).point
    const point = yield* requiredPoint(args, xyKey, `${flag}-xy`)
    yield* ensureOnScreen(native, point, `--${flag}-xy`)
    return point
  })

/**
 * `drag --from REF|--from-xy X,Y --to REF|--to-xy X,Y [--duration MS] [--drop-delay MS]` (headed): left button
 * down at the source, moved in steps, held over the target for the drop delay, released. Ref endpoints pass the
 * identity, focus and actionability checks first.
 */
export const drag = Effect.fn("drag")(function*(args: Args) {
  const timeoutMs = (yield* optionalInt(args, "timeout_ms")) ?? DEFAULT_ACTION_TIMEOUT_MS
  const durationMs = (yield* optionalInt(args, "duration")) ?? DEFAULT_DURATION_MS
  const dropDelayMs = (yield* optionalInt(args, "drop_delay")) ?? DEFAULT_DROP_DELAY_MS
  yield* optionalString(args, "snapshot")
  if (durationMs > MAX_MS || dropDelayMs > MAX_MS) {
    return yield* new InvalidArgs({ message: `--duration and --drop-delay are at most ${MAX_MS} ms`, suggestion: "Use shorter times" })
  }
  for (const [refKey, xyKey, flag] of [["from", "from_xy", "from"], ["to", "to_xy", "to"]] as const) {
    if (args[refKey] === undefined && args[xyKey] === undefined) {
      return yield* new InvalidArgs({ message: `drag needs --${flag} REF or --${flag}-xy X,Y`, suggestion: `Pass --${flag} or --${flag}-xy` })
    }
  }
  if (args["from_xy"] !== undefined) yield* requiredPoint(args, "from_xy", "from-xy")
  if (args["to_xy"] !== undefined) yield* requiredPoint(args, "to_xy", "to-xy")
  yield* requireHeaded("drag")
  const native = yield* nativeDesktop
  const from: ScreenPoint = yield* endpoint(args, "from", "from_xy", "from", native, timeoutMs)
  const to: ScreenPoint = yield* endpoint(args, "to", "to_xy", "to", native, timeoutMs)
  const invocation = yield* Invocation
  const label = stepLabel(native, "XTestFakeButtonEvent(drag)")
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
