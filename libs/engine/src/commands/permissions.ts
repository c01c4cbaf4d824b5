import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { flag, type Args } from "../Args.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"

/** `permissions`: the adapter's honest report. Linux has no grant to request, so `--request` changes nothing. */
export const permissions = Effect.fn("permissions")(function*(args: Args) {
  const guide = yield* flag(args, "guide")
  yield* flag(args, "request")
  const adapter = yield* DesktopAdapter
  const report = yield* adapter.permissions().pipe(Effect.mapError(fromPlatformError))
  return guide ? { ...report, guide: "not_needed" as const } : report
})
