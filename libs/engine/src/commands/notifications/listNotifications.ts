import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { refuseAppFlags } from "./appNameUnknown.js"
import { publicInfo, shownNotifications } from "./NotificationDaemon.js"

/**
 * `list-notifications [--text] [--limit N]`: what the daemon shows, oldest first, 1-based indexes. `--app` is
 * refused on Linux (appNameUnknown.ts).
 */
export const listNotifications = Effect.fn("list-notifications")(function*(args: ArgsOf<"list-notifications">) {
  yield* refuseAppFlags(args)
  const text = args.text?.toLowerCase()
  const limit = args.limit
  const shown = (yield* shownNotifications)
    .filter((n) => text === undefined || `${n.title}\n${n.body ?? ""}`.toLowerCase().includes(text))
  const notifications = (limit === undefined ? shown : shown.slice(0, limit)).map(publicInfo)
  return { count: notifications.length, notifications }
})
