import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { surfacesOf } from "./surfaces.js"

/**
 * `list-surfaces [--app NAME]` (the focused window's app without --app): the app's showing top-level surfaces
 * from AT-SPI, each a window, dialog, alert, menu (a popup menu, with its item count) or tooltip; the id is a
 * window id that snapshot --window-id takes.
 */
export const listSurfaces = Effect.fn("list-surfaces")(function*(args: ArgsOf<"list-surfaces">) {
  return yield* surfacesOf(args.app)
})
