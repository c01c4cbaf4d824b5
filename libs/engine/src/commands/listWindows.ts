import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../errors/fromPlatformError.js"

/** `list-windows`: a bare array of WindowInfo, as the reference prints it. */
export const listWindows = Effect.fn("listWindows")(function*(args: ArgsOf<"list-windows">) {
  const adapter = yield* DesktopAdapter
  return yield* adapter.listWindows(args.app).pipe(Effect.mapError(fromPlatformError))
})
