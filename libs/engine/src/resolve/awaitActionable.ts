import { NEEDS_ENABLED_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Clock, Effect } from "effect"
import { ActionFailed, type DesktopError } from "../errors/DesktopError.js"
import type { Invocation } from "../Invocation.js"
import { pollUntil } from "../wait/poll.js"
import { resolveRef, type Resolved } from "./resolveRef.js"

/** Actions that need an enabled target (the spec's `needsEnabled`); focus and scroll-to work on disabled elements too. */
const NEEDS_ENABLED: ReadonlySet<string> = new Set(NEEDS_ENABLED_COMMANDS)

/**
 * Auto-wait (reference §3.5): a disabled target is re-resolved until it is enabled or the action's budget is spent;
 * then the action is refused before anything is sent (ACTION_FAILED, not_delivered, the failed check in details).
 */
export const awaitActionable = Effect.fnUntraced(function*(
  action: string,
  resolved: Resolved,
  timeoutMs: number
): Effect.fn.Return<Resolved, DesktopError, DesktopAdapter | EventStore | Invocation> {
  if (!NEEDS_ENABLED.has(action) || !resolved.node.states.includes("disabled")) return resolved
  const started = yield* Clock.currentTimeMillis
  const again = Effect.gen(function*() {
    const remaining = Math.max(0, timeoutMs - ((yield* Clock.currentTimeMillis) - started))
    const fresh = yield* resolveRef(resolved.ref, { timeoutMs: Math.max(remaining, 1) })
    return fresh.node.states.includes("disabled") ? undefined : fresh
  })
  return yield* pollUntil(again, { timeoutMs, isTransient: (error) => error.code === "TIMEOUT" }).pipe(
    Effect.map((polled) => polled.value),
    Effect.catch((failure) =>
      Effect.fail(failure._tag === "Failed" ? failure.error : new ActionFailed({
        message: `${resolved.ref} stayed disabled for ${timeoutMs} ms, so ${action} was not sent`,
        delivery: "not_delivered",
        details: { actionable: false, checks: [{ check: "enabled", status: "fail", reason: "element is disabled" }] },
        suggestion: "Enable the element first (or wait for the app to enable it), then retry"
      })))
  )
})
