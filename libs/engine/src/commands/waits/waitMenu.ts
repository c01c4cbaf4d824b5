import { Effect } from "effect"
import { Timeout } from "../../errors/DesktopError.js"
import { pollUntil, type PollFailure } from "../../wait/poll.js"
import { surfacesOf } from "../surfaces.js"

/** `wait --menu` / `wait --menu-closed [--app]`: until the app shows a popup menu (list-surfaces), or none. */
export const waitMenu = (open: boolean, app: string | undefined, timeoutMs: number) =>
  Effect.gen(function*() {
    const look = Effect.map(surfacesOf(app), ({ surfaces }) =>
      surfaces.some((s) => s.type === "menu") === open ? true : undefined)
    const polled = yield* pollUntil(look, {
      timeoutMs,
      isTransient: (error) => error.code === "TIMEOUT" || error.code === "WINDOW_NOT_FOUND"
    }).pipe(
      Effect.catch((failure: PollFailure) =>
        Effect.fail(failure._tag === "Failed" ? failure.error : new Timeout({
          message: `${open ? "no menu opened" : "the menu stayed open"} within ${timeoutMs} ms`,
          delivery: "not_delivered",
          details: { kind: "wait_timeout", timeout_ms: timeoutMs, predicate: open ? "menu" : "menu_closed" }
        })))
    )
    return { found: true as const, elapsed_ms: polled.elapsedMs }
  })
