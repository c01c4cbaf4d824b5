/** A session's trace: the newest `limit` matching events of the `trace_events` projection, oldest first, redacted. */
import { redact } from "@agent-desktop/domain"
import { SessionNotFound } from "../StoreErrors.js"
import type { TraceOptions, TraceResult } from "../StoreTypes.js"
import { EVENT_COLUMNS, type EventRow, toEvent } from "./EventLog.js"
import { invocationCondition } from "./FleetFilter.js"
import { getSession } from "./SessionRepository.js"
import { limitClause, prefixParams, read, type StoreContext } from "./StoreContext.js"

export const DEFAULT_TRACE_LIMIT = 500

export const trace = (context: StoreContext, sessionId: string, options: TraceOptions = {}): TraceResult =>
  read(() => {
    if (getSession(context, sessionId) === undefined) throw new SessionNotFound({ message: `Session ${sessionId} not found`, sessionId })
    const limit = options.limit ?? DEFAULT_TRACE_LIMIT
    const prefix = options.prefix ?? ""
    const total = Number(context.sql.get(`SELECT COUNT(*) AS total FROM trace_events WHERE session_id = ?`).get(sessionId)!["total"])
    // A fleet filter keeps the events of the session's invocations that match it.
    const fleet = invocationCondition(options.filter ?? {})
    const among = fleet === undefined ? "" : ` AND e.stream IN (SELECT i.stream FROM invocations i WHERE i.session_id = ? AND ${fleet.sql})`
    const params = [sessionId, ...prefixParams(prefix), ...(fleet === undefined ? [] : [sessionId, ...fleet.params])]
    const matched = Number(context.sql.get(
      `SELECT COUNT(*) AS matched FROM trace_events t JOIN events e ON e.position = t.position
       WHERE t.session_id = ? AND substr(e.type, 1, ?) = ?${among}`
    ).get(...params)!["matched"])
    const newest = limit === 0 ? undefined : limit
    const rows = context.sql.get(
      `SELECT ${EVENT_COLUMNS.split(", ").map((c) => `e.${c}`).join(", ")} FROM trace_events t
       JOIN events e ON e.position = t.position
       WHERE t.session_id = ? AND substr(e.type, 1, ?) = ?${among} ORDER BY e.position DESC${limitClause(newest)}`
    ).all(...params, ...(newest === undefined ? [] : [newest]))
    const events = rows.reverse().map((row) => toEvent(row as unknown as EventRow))
    const shown = options.redact === false ? events : events.map((event) => ({ ...event, payload: redact(event.payload) }))
    return {
      session_id: sessionId,
      total_events: total,
      matched_events: matched,
      returned_events: shown.length,
      truncated: shown.length < matched,
      events: shown
    }
  })
