/**
 * `wait --event changed [--app NAME | --window-id ID]`: the first change in a window, as a diff with refs (a watch
 * that stops at its first `changed` event, watch/runWatch.ts). A change since the window's last snapshot that
 * happened before the call counts: an agent that acted and then waits is answered at once when the app was quick.
 * Without any earlier snapshot of the window the wait first reads one silently, then waits for a change against it.
 */
import { flagDefault, type ArgsOf } from "@agent-desktop/contracts/commands"
import { Clock, Effect } from "effect"
import { Timeout } from "../../errors/DesktopError.js"
import { windowSnapshotRequest } from "../../snapshot/observeWindow.js"
import { runWatch } from "../../watch/runWatch.js"

export const waitChanged = Effect.fnUntraced(function*(args: ArgsOf<"wait">, timeoutMs: number) {
  const start = yield* Clock.currentTimeMillis
  const { app, window_id: windowId } = args
  const request = yield* windowSnapshotRequest({
    ...(app === undefined ? {} : { app }),
    ...(windowId === undefined ? {} : { window_id: windowId }),
    interactive_only: true,
    compact: true
  })
  const result = yield* runWatch({
    snapshot: request,
    scope: "window",
    timeoutMs,
    // How often a watch reads a window whose toolkit may change it without an event: the watch command's.
    pollMs: flagDefault("watch", "poll-ms"),
    kinds: new Set(["changed"]),
    maxEvents: 1
  })
  const event = result.events[0]
  if (event === undefined) {
    return yield* new Timeout({
      message: `no change within ${timeoutMs} ms`,
      delivery: "not_delivered",
      details: { kind: "wait_timeout", timeout_ms: timeoutMs, predicate: "event", event: "changed" }
    })
  }
  return { found: true as const, event, elapsed_ms: (yield* Clock.currentTimeMillis) - start }
})
