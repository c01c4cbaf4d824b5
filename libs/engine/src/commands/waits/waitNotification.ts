import { Effect } from "effect"
import { Timeout } from "../../errors/DesktopError.js"
import { pollUntil, type PollFailure } from "../../wait/poll.js"
import { publicInfo, shownNotifications } from "../notifications/NotificationDaemon.js"

/** `wait --notification [--text T]`: until a shown notification (containing T in its title or body) exists. */
export const waitNotification = (text: string | undefined, timeoutMs: number) =>
  Effect.gen(function*() {
    const wanted = text?.toLowerCase()
    const look = Effect.map(shownNotifications, (shown) =>
      shown.find((n) => wanted === undefined || `${n.title}\n${n.body ?? ""}`.toLowerCase().includes(wanted)))
    const polled = yield* pollUntil(look, { timeoutMs, isTransient: (error) => error.code === "TIMEOUT" }).pipe(
      Effect.catch((failure: PollFailure) =>
        Effect.fail(failure._tag === "Failed" ? failure.error : new Timeout({
          message: `no notification${text === undefined ? "" : " containing the text"} appeared within ${timeoutMs} ms`,
          delivery: "not_delivered",
          details: { kind: "wait_timeout", timeout_ms: timeoutMs, predicate: "notification" }
        })))
    )
    return { condition: "notification" as const, matched: true as const, notification: publicInfo(polled.value), elapsed_ms: polled.elapsedMs }
  })
