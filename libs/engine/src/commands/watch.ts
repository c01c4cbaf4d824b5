/**
 * `watch [--app NAME | --window-id ID] [--event KIND]... [--count N] [--timeout MS] [--poll-ms MS] [-i] [--compact]`:
 * what happens in a window or an app (watch/runWatch.ts), each event handed to the caller's `emit` as it happens
 * (the CLI prints one envelope a line), then a last result that says why the watch ended (and carries the events
 * when there was no one to hand them to).
 */
import { Effect } from "effect"
import { optionalInt, optionalString, stringList, type Args } from "../Args.js"
import { InvalidArgs } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { snapshotRequest } from "../snapshot/observeWindow.js"
import { DEFAULT_POLL_MS, DEFAULT_WATCH_TIMEOUT_MS, runWatch } from "../watch/runWatch.js"
import { WATCH_EVENT_KINDS, type WatchEventKind } from "../watch/WatchEvent.js"


const watchKinds = Effect.fnUntraced(function*(args: Args) {
  const kinds = yield* stringList(args, "event")
  const unknown = kinds.filter((kind) => !(WATCH_EVENT_KINDS as ReadonlyArray<string>).includes(kind))
  if (unknown.length > 0) {
    return yield* new InvalidArgs({ message: `Unknown event kind '${unknown[0]}'`, suggestion: `Use one of: ${WATCH_EVENT_KINDS.join(", ")}` })
  }
  return kinds.length === 0 ? undefined : new Set(kinds as ReadonlyArray<WatchEventKind>)
})

export const watch = Effect.fn("watch")(function*(args: Args) {
  const invocation = yield* Invocation
  const windowId = yield* optionalString(args, "window_id")
  const kinds = yield* watchKinds(args)
  const maxEvents = yield* optionalInt(args, "count", { min: 1 })
  const emit = invocation.options.emit
  const result = yield* runWatch({
    snapshot: yield* snapshotRequest(args),
    scope: windowId === undefined ? "app" : "window",
    timeoutMs: (yield* optionalInt(args, "timeout")) ?? DEFAULT_WATCH_TIMEOUT_MS,
    pollMs: (yield* optionalInt(args, "poll_ms", { min: 100 })) ?? DEFAULT_POLL_MS,
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
