import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../errors/fromPlatformError.js"

/** `permissions`: the adapter's honest report. Linux has no grant to request, so `--request` changes nothing. */
export const permissions = Effect.fn("permissions")(function*(args: ArgsOf<"permissions">) {
  const adapter = yield* DesktopAdapter
  const report = yield* adapter.permissions().pipe(Effect.mapError(fromPlatformError))
  return args.guide ? { ...report, guide: "not_needed" as const } : report
})
