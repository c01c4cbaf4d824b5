import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { optionalString, type Args } from "../Args.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"

/** `list-windows`: a bare array of WindowInfo, as the reference prints it. */
export const listWindows = Effect.fn("listWindows")(function*(args: Args) {
  const app = yield* optionalString(args, "app")
  const adapter = yield* DesktopAdapter
  return yield* adapter.listWindows(app).pipe(Effect.mapError(fromPlatformError))
})
