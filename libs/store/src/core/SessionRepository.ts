/**
 * Sessions: `session.started` / `session.ended` on the session's own stream (`session-<id>`), read from the
 * `sessions` projection; garbage collection removes a session with its snapshots, trace and every stream it touched.
 */
import { SESSION_ENDED, SESSION_STARTED, type SessionStartedPayload } from "../Projections.js"
import { InvalidSessionId, SessionExists, SessionNotFound } from "../StoreErrors.js"
import type { FleetFilter, SessionGcOptions, SessionRecord, SessionStartInput } from "../StoreTypes.js"
import { isValidSessionId, sessionStream } from "../Streams.js"
import { appendInTransaction } from "./EventLog.js"
import { invocationCondition } from "./FleetFilter.js"
import { read, type StoreContext, write } from "./StoreContext.js"

/** An open session with activity this recent is never garbage-collected: a process may still be writing to it. */
export const GC_RECENT_ACTIVITY_MS = 60_000

interface SessionRow {
  session_id: string
  name: string | null
  created_at: number
  ended_at: number | null
  trace: "on" | "off"
  artifacts: "full" | "events"
  host: string | null
}

const SESSION_COLUMNS = "session_id, name, created_at, ended_at, trace, artifacts, host"

const toSession = (row: SessionRow): SessionRecord => ({
  session_id: row.session_id,
  ...(row.name === null ? {} : { name: row.name }),
  created_at: Number(row.created_at),
  ended_at: row.ended_at === null ? null : Number(row.ended_at),
  trace: row.trace,
  artifacts: row.artifacts,
  ...(row.host === null ? {} : { host: row.host })
})

let generatedSessions = 0

export const getSession = (context: StoreContext, sessionId: string): SessionRecord | undefined =>
  read(() => {
    const row = context.sql.get(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE session_id = ?`).get(sessionId)
    return row === undefined ? undefined : toSession(row as unknown as SessionRow)
  })

/**
 * Oldest first; `ended_at` is null while a session is open. With a filter, the sessions one of whose invocations
 * matches it (a host also matches the session it started).
 */
export const listSessions = (context: StoreContext, filter: FleetFilter = {}): ReadonlyArray<SessionRecord> =>
  read(() => {
    const condition = invocationCondition(filter)
    const startedThere = filter.host !== undefined && filter.app === undefined && filter.outcome === undefined
    const where = condition === undefined
      ? ""
      : ` WHERE ${startedThere ? "s.host = ? OR " : ""}EXISTS (SELECT 1 FROM invocations i WHERE i.session_id = s.session_id AND ${condition.sql})`
    const params = condition === undefined ? [] : [...(startedThere ? [filter.host!] : []), ...condition.params]
    return context.sql.get(`SELECT ${SESSION_COLUMNS.split(", ").map((c) => `s.${c}`).join(", ")} FROM sessions s${where} ORDER BY s.created_at, s.created_position`)
      .all(...params)
      .map((row) => toSession(row as unknown as SessionRow))
  })

export const startSession = (context: StoreContext, input: SessionStartInput = {}): SessionRecord =>
  write(context, () => {
    const now = context.now()
    let id = input.id
    if (id === undefined) {
      do id = `run-${now}-${process.pid}-${generatedSessions++}`
      while (getSession(context, id) !== undefined)
    } else {
      if (!isValidSessionId(id)) {
        throw new InvalidSessionId({ message: `Invalid session id '${id}': use 1-64 of [A-Za-z0-9_-] (not "global")`, sessionId: id })
      }
      if (getSession(context, id) !== undefined) throw new SessionExists({ message: `Session ${id} already exists`, sessionId: id })
    }
    const payload: SessionStartedPayload = {
      session_id: id,
      ...(input.name === undefined ? {} : { name: input.name }),
      trace: input.trace === false ? "off" : "on",
      artifacts: input.screenshots === true ? "full" : "events",
      created_at: now
    }
    appendInTransaction(context, sessionStream(id), [{ type: SESSION_STARTED, payload, time_ms: now }], { session_id: id })
    return getSession(context, id)!
  })

export const endSession = (context: StoreContext, sessionId: string): { readonly session_id: string; readonly ended_at: number } =>
  write(context, () => {
    const session = getSession(context, sessionId)
    if (session === undefined) throw new SessionNotFound({ message: `Session ${sessionId} not found`, sessionId })
    if (session.ended_at !== null) return { session_id: sessionId, ended_at: session.ended_at }
    const ended_at = context.now()
    appendInTransaction(context, sessionStream(sessionId), [{ type: SESSION_ENDED, payload: { session_id: sessionId, ended_at }, time_ms: ended_at }], {
      session_id: sessionId
    })
    return { session_id: sessionId, ended_at }
  })

const lastActivity = (context: StoreContext, session: SessionRecord): number => {
  const last = context.sql.get(`SELECT MAX(time_ms) AS last FROM events WHERE session_id = ?`).get(session.session_id)?.["last"]
  return Math.max(session.created_at, session.ended_at ?? 0, last === null || last === undefined ? 0 : Number(last))
}

const removeSession = (context: StoreContext, sessionId: string): void => {
  const { sql } = context
  sql.get(`DELETE FROM events WHERE stream IN (SELECT 'snapshot-' || namespace || '-' || snapshot_id FROM snapshots WHERE namespace = ?)`).run(sessionId)
  sql.get(`DELETE FROM events WHERE stream IN (SELECT DISTINCT stream FROM events WHERE session_id = ?)`).run(sessionId)
  sql.get(`DELETE FROM events WHERE stream = ?`).run(sessionStream(sessionId))
  sql.get(`DELETE FROM snapshots WHERE namespace = ?`).run(sessionId)
  sql.get(`DELETE FROM trace_events WHERE session_id = ?`).run(sessionId)
  sql.get(`DELETE FROM sessions WHERE session_id = ?`).run(sessionId)
  sql.get(`DELETE FROM open_invocations WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream = open_invocations.stream)`).run()
  sql.get(`DELETE FROM invocations WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream = invocations.stream)`).run()
}

/**
 * Removes sessions, their snapshots, trace and streams. `ended` keeps only ended sessions as candidates,
 * `olderThanMs` only those idle that long; with neither, ended sessions go. An open session active in the last
 * minute always stays.
 */
export const gcSessions = (context: StoreContext, options: SessionGcOptions = {}): ReadonlyArray<string> =>
  write(context, () => {
    const now = context.now()
    const endedOnly = options.ended === true || options.olderThanMs === undefined
    const removed: Array<string> = []
    for (const session of listSessions(context)) {
      if (endedOnly && session.ended_at === null) continue
      const last = lastActivity(context, session)
      if (options.olderThanMs !== undefined && now - last < options.olderThanMs) continue
      if (session.ended_at === null && now - last < GC_RECENT_ACTIVITY_MS) continue
      removeSession(context, session.session_id)
      removed.push(session.session_id)
    }
    return removed
  })
