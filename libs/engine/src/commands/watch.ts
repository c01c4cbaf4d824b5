/**
 * `watch [--app NAME | --window-id ID] [--event KIND]... [--count N] [--timeout MS] [--poll-ms MS] [-i] [--compact]`:
 * what happens in a window or an app (watch/runWatch.ts), each event handed to the caller's `emit` as it happens
 * (the CLI prints one envelope a line), then a last result that says why the watch ended (and carries the events
 * when there was no one to hand them to).
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { InvalidArgs } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { windowSnapshotRequest } from "../snapshot/observeWindow.js"
import { runWatch } from "../watch/runWatch.js"
import { WATCH_EVENT_KINDS, type WatchEventKind } from "../watch/WatchEvent.js"

const watchKinds = Effect.fnUntraced(function*(kinds: ReadonlyArray<string>) {
  const unknown = kinds.filter((kind) => !(WATCH_EVENT_KINDS as ReadonlyArray<string>).includes(kind))
  if (unknown.length > 0) {
    return yield* new InvalidArgs({ message: `Unknown event kind '${unknown[0]}'`, suggestion: `Use one of: ${WATCH_EVENT_KINDS.join(", ")}` })
  }
  return kinds.length === 0 ? undefined : new Set(kinds as ReadonlyArray<WatchEventKind>)
})

export const watch = Effect.fn("watch")(function*(args: ArgsOf<"watch">) {
  const invocation = yield* Invocation
  const { app, window_id: windowId, count: maxEvents } = args
  const kinds = yield* watchKinds(args.event)
  const emit = invocation.options.emit
  const result = yield* runWatch({
    snapshot: yield* windowSnapshotRequest({
      ...(app === undefined ? {} : { app }),
      ...(windowId === undefined ? {} : { window_id: windowId }),
      interactive_only: args.interactive_only,
      compact: args.compact
    }),
    scope: windowId === undefined ? "app" : "window",
    timeoutMs: args.timeout,
    pollMs: args.poll_ms,
    ...(kinds === undefined ? {} : { kinds }),
    ...(maxEvents === undefined ? {} : { maxEvents }),
    ...(emit === undefined ? {} : { emit: (event) => emit({ event }) })
  })
  return {
    ended: result.ended,
    event_count: result.events.length,
    ...(emit === undefined ? { events: result.events } : {})
  }
})
