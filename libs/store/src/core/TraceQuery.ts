/** A session's trace: the newest `limit` matching events of the `trace_events` projection, oldest first, redacted. */
import { redact } from "@agent-desktop/domain"
import { SessionNotFound } from "../StoreErrors.js"
import type { TraceOptions, TraceResult } from "../StoreTypes.js"
import { EVENT_COLUMNS, type EventRow, toEvent } from "./EventLog.js"
import { getSession } from "./SessionRepository.js"
import { read, type StoreContext } from "./StoreContext.js"

export const DEFAULT_TRACE_LIMIT = 500

export const trace = (context: StoreContext, sessionId: string, options: TraceOptions = {}): TraceResult =>
  read(() => {
    if (getSession(context, sessionId) === undefined) throw new SessionNotFound({ message: `Session ${sessionId} not found`, sessionId })
    const limit = options.limit ?? DEFAULT_TRACE_LIMIT
    const prefix = options.prefix ?? ""
    const { total } = context.sql.get(`SELECT COUNT(*) AS total FROM trace_events WHERE session_id = ?`).get(sessionId) as { total: number }
    const { matched } = context.sql.get(
      `SELECT COUNT(*) AS matched FROM trace_events t JOIN events e ON e.position = t.position
       WHERE t.session_id = ? AND substr(e.type, 1, length(?)) = ?`
    ).get(sessionId, prefix, prefix) as { matched: number }
    const rows = context.sql.get(
      `SELECT ${EVENT_COLUMNS.split(", ").map((c) => `e.${c}`).join(", ")} FROM trace_events t
       JOIN events e ON e.position = t.position
       WHERE t.session_id = ? AND substr(e.type, 1, length(?)) = ? ORDER BY e.position DESC LIMIT ?`
    ).all(sessionId, prefix, prefix, limit === 0 ? -1 : limit) as Array<EventRow>
    const events = rows.reverse().map(toEvent)
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
