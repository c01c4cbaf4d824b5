import { Effect } from "effect"
import { optionalInt, optionalString, type Args } from "../../Args.js"
import { publicInfo, shownNotifications } from "./NotificationDaemon.js"

/** `list-notifications [--app] [--text] [--limit N]`: what the daemon shows, oldest first, 1-based indexes. */
export const listNotifications = Effect.fn("list-notifications")(function*(args: Args) {
  const app = (yield* optionalString(args, "app"))?.toLowerCase()
  const text = (yield* optionalString(args, "text"))?.toLowerCase()
  const limit = yield* optionalInt(args, "limit")
  const shown = (yield* shownNotifications)
    .filter((n) => app === undefined || n.app_name.toLowerCase().includes(app))
    .filter((n) => text === undefined || `${n.title}\n${n.body ?? ""}`.toLowerCase().includes(text))
  const notifications = (limit === undefined ? shown : shown.slice(0, limit)).map(publicInfo)
  return { count: notifications.length, notifications }
})
