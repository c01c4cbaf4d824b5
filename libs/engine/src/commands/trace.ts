import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { StoredEvent } from "@agent-desktop/store"
import { Effect } from "effect"
import * as path from "node:path"
import { InvalidArgs } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { stateRoot, withStore } from "../StoreAccess.js"
import { writeOutput } from "../output/writeOutput.js"
import { traceHtml } from "../trace/traceHtml.js"
import { embeddableScreens } from "../trace/embedScreens.js"
import { sessionFolder } from "../trace/SessionFolder.js"
import { fleetFilter } from "./fleetFilter.js"

/** --limit when not given: per action, so not a spec default (the flag's description names both). */
const LIMIT_BY_ACTION = { show: 500, export: 5000 } as const

/**
 * A stored event as the trace prints it: `event`, `ts_ms`, `seq`, then the (already redacted) payload fields, and
 * where it ran (`machine`, `desktop`) when `placed` (the events came from more than one place, or a fleet filter
 * asked).
 */
const traceEvent = (placed: boolean) => (event: StoredEvent) => ({
  ...(typeof event.payload === "object" && event.payload !== null && !Array.isArray(event.payload) ? event.payload : { payload: event.payload }),
  event: event.type,
  ts_ms: event.time_ms,
  seq: event.position,
  stream: event.stream,
  ...(!placed || event.host === undefined ? {} : { machine: event.host }),
  ...(!placed || event.desktop === undefined ? {} : { desktop: event.desktop })
})

/** Whether the events ran in more than one place (machine or desktop); one place needs no saying on each. */
const manyPlaces = (events: ReadonlyArray<StoredEvent>): boolean =>
  new Set(events.map((event) => `${event.host ?? ""}\u0000${event.desktop ?? ""}`)).size > 1

const activeSession = Effect.gen(function*() {
  const invocation = yield* Invocation
  const id = invocation.options.session
  if (id === undefined) {
    return yield* new InvalidArgs({
      message: "trace reads the active session's trace, and no session is active",
      suggestion: "Pass --session ID (or set AGENT_DESKTOP_SESSION) with the id session start printed"
    })
  }
  return id
})

const segmentsOf = (events: ReadonlyArray<StoredEvent>) => {
  const byStream = new Map<string, number>()
  for (const event of events) byStream.set(event.stream, (byStream.get(event.stream) ?? 0) + 1)
  return [...byStream].map(([segment, count]) => ({ segment, pid: pidOf(segment), schema: 1, event_count: count, skipped_lines: 0 }))
}

/** Invocation streams are named after `run-<ms>-<pid>-<n>`: the writer's pid is recoverable from the name. */
const pidOf = (stream: string) => Number(/^invocation-run-\d+-(\d+)-/.exec(stream)?.[1] ?? 0)

/** `trace show [--limit N] [--event PREFIX]` and `trace export [--out PATH] [--limit N]`. */
export const trace = Effect.fn("trace")(function*(args: ArgsOf<"trace">) {
  const { action } = args
  const sessionId = yield* activeSession
  if (action === "show") {
    const limit = args.limit ?? LIMIT_BY_ACTION.show
    const prefix = args.event
    const filter = fleetFilter(args)
    const result = yield* withStore((store) => store.trace(sessionId, { limit, filter, ...(prefix === undefined ? {} : { prefix }) }))
    return {
      session_id: sessionId,
      segments: segmentsOf(result.events),
      total_events: result.total_events,
      returned_events: result.returned_events,
      truncated: result.truncated,
      // A fleet filter asks where things ran: then every event says so.
      events: result.events.map(traceEvent(Object.keys(filter).length > 0 || manyPlaces(result.events))),
      ...(prefix === undefined && Object.keys(filter).length === 0 ? {} : { matched_events: result.matched_events })
    }
  }
  if (action !== "export") return yield* new InvalidArgs({ message: `Unknown trace action '${action}'`, suggestion: "Use trace show or trace export" })
  const limit = args.limit ?? LIMIT_BY_ACTION.export
  const out = args.out
  const result = yield* withStore((store) => store.trace(sessionId, { limit }))
  const root = yield* stateRoot
  const target = out === undefined ? path.join(sessionFolder(root, sessionId), `trace-${sessionId}.html`) : path.resolve(out)
  const events = result.events.map(traceEvent(manyPlaces(result.events)))
  const screens = embeddableScreens(sessionFolder(root, sessionId), events)
  const html = traceHtml(sessionId, events, screens.images)
  const written = yield* writeOutput("the trace export", target, html, "replace", { makeFolder: true })
  return {
    path: written,
    event_count: result.returned_events,
    screenshots_embedded: screens.embedded,
    screenshots_skipped: screens.skipped,
    bytes: Buffer.byteLength(html),
    total_events: result.total_events,
    returned_events: result.returned_events,
    truncated: result.truncated
  }
})
