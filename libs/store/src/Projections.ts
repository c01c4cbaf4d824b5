/**
 * Projections: tables derived from events, updated in the same transaction as the append that caused them, and
 * recreated by replaying every event through `project` (rebuildProjections). A projection reads only the event
 * and the projections' state at that point, so a replay reaches the same state.
 *
 * An event feeds a projection only on the store's own stream for it: `snapshot.*` on `snapshot-<ns>-<sid>` of the
 * payload's namespace and snapshot, `session.*` on `session-<id>` of the payload's session. Any other stream may
 * carry an event of the same name (an invocation recording "snapshot.saved" as a step, a wave message) without
 * touching the tables.
 */
import { compactRefMap, compactRefMapJson, expandRefMap, isCompactRefMap, type StoredRefMap } from "./CompactRefMap.js"
import { sessionStream, snapshotStream } from "./Streams.js"
import type { Statements } from "./Statements.js"
import type { SnapshotInput, StoredEvent } from "./StoreTypes.js"

export const MAX_SNAPSHOTS_PER_NAMESPACE = 128
export const PRUNED_SNAPSHOTS_PER_NAMESPACE = 96

export const SNAPSHOT_SAVED = "snapshot.saved"
export const SNAPSHOT_ROOT_SAVED = "snapshot.root.saved"
export const SESSION_STARTED = "session.started"
export const SESSION_ENDED = "session.ended"
/**
 * Write-ahead markers of one invocation's stream (`invocation-<id>`): its first and its last event. The names are
 * the trace vocabulary's (reference §7.3); the first is the design's `invocation.started`, written before anything
 * touches an app.
 */
export const INVOCATION_STARTED = "command.start"
export const INVOCATION_ENDED = "command.end"
/** Evidence the fleet view (`invocations`) reads: an action's answer (its delivery) and a resolved ref (its app). */
export const ACTION_DISPATCH_OK = "action.dispatch.ok"
export const ACTION_DISPATCH_ERROR = "action.dispatch.error"
export const REF_RESOLVE_ENTRY = "ref.resolve.entry"

export interface SnapshotSavedPayload extends Omit<SnapshotInput, "refs"> {
  readonly namespace: string
  /** Compact (CompactRefMap.ts); events written before it hold the plain record. */
  readonly refs: StoredRefMap
}

export interface SnapshotRootSavedPayload {
  readonly namespace: string
  readonly snapshot_id: string
  readonly root_ref: string
  readonly removed: ReadonlyArray<string>
  /** Compact like a saved RefMap; plain in events written before it. */
  readonly added: StoredRefMap
  readonly counter: number
}

export interface SessionStartedPayload {
  readonly session_id: string
  readonly name?: string
  readonly trace: "on" | "off"
  readonly artifacts: "full" | "events"
  readonly created_at: number
}

export interface SessionEndedPayload {
  readonly session_id: string
  readonly ended_at: number
}

export const project = (sql: Statements, event: StoredEvent): void => {
  switch (event.type) {
    case SNAPSHOT_SAVED: {
      const p = event.payload as SnapshotSavedPayload
      if (onSnapshotStream(event, p)) projectSnapshotSaved(sql, event, p)
      break
    }
    case SNAPSHOT_ROOT_SAVED: {
      const p = event.payload as SnapshotRootSavedPayload
      if (onSnapshotStream(event, p)) projectSnapshotRootSaved(sql, event, p)
      break
    }
    case SESSION_STARTED: {
      const p = event.payload as SessionStartedPayload
      if (onSessionStream(event, p)) projectSessionStarted(sql, event, p)
      break
    }
    case SESSION_ENDED: {
      const p = event.payload as SessionEndedPayload
      if (onSessionStream(event, p)) projectSessionEnded(sql, p)
      break
    }
    case INVOCATION_STARTED:
      if (event.stream.startsWith("invocation-")) {
        const pid = isRecord(event.payload) && typeof event.payload["pid"] === "number" ? event.payload["pid"] : 0
        sql.get(`INSERT INTO open_invocations (stream, pid, started_position, host) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
          .run(event.stream, pid, event.position, event.host ?? null)
        projectInvocationStarted(sql, event)
      }
      break
    case INVOCATION_ENDED:
      sql.get(`DELETE FROM open_invocations WHERE stream = ?`).run(event.stream)
      projectInvocationEnded(sql, event)
      break
    case ACTION_DISPATCH_OK:
    case ACTION_DISPATCH_ERROR:
      projectDelivery(sql, event)
      break
    case REF_RESOLVE_ENTRY:
      projectApp(sql, event)
      break
  }
  if (event.session_id !== undefined) projectTrace(sql, event, event.session_id)
}

const isRecord = (payload: unknown): payload is Record<string, unknown> => typeof payload === "object" && payload !== null

const stringField = (record: unknown, key: string): string | null =>
  isRecord(record) && typeof record[key] === "string" ? record[key] as string : null

/**
 * The fleet view of one invocation (`invocations`): where it ran, what it was, which app, how it ended. The app is
 * the request's `app` argument, or the app of the ref it resolved (`ref.resolve.entry`'s `app`), whichever comes
 * first; the delivery is the last one its evidence reported (an action's answer, then `command.end`'s disposition).
 */
const projectInvocationStarted = (sql: Statements, event: StoredEvent): void => {
  const p = event.payload
  const args = isRecord(p) ? p["args"] : undefined
  sql.get(
    `INSERT INTO invocations (stream, session_id, host, desktop, command, app, started_position, started_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
  ).run(
    event.stream, event.session_id ?? null, event.host ?? null, event.desktop ?? null, stringField(p, "command"),
    stringField(args, "app") ?? stringField(p, "app"), event.position, event.time_ms
  )
}

const projectInvocationEnded = (sql: Statements, event: StoredEvent): void => {
  const p = event.payload
  const ok = isRecord(p) && typeof p["ok"] === "boolean" ? (p["ok"] ? 1 : 0) : null
  const delivery = stringField(isRecord(p) ? p["disposition"] : undefined, "delivery")
  sql.get(
    `UPDATE invocations SET ended_at = ?, ok = ?, code = ?, delivery = COALESCE(?, delivery) WHERE stream = ?`
  ).run(event.time_ms, ok, stringField(p, "code"), delivery, event.stream)
}

const projectDelivery = (sql: Statements, event: StoredEvent): void => {
  const delivery = stringField(event.payload, "delivery")
  if (delivery !== null) sql.get(`UPDATE invocations SET delivery = ? WHERE stream = ?`).run(delivery, event.stream)
}

const projectApp = (sql: Statements, event: StoredEvent): void => {
  const app = stringField(event.payload, "app")
  if (app !== null) sql.get(`UPDATE invocations SET app = ? WHERE stream = ? AND app IS NULL`).run(app, event.stream)
}

const onSnapshotStream = (event: StoredEvent, p: { readonly namespace?: unknown; readonly snapshot_id?: unknown }): boolean =>
  isRecord(p) && typeof p.namespace === "string" && typeof p.snapshot_id === "string" &&
  event.stream === snapshotStream(p.namespace, p.snapshot_id)

const onSessionStream = (event: StoredEvent, p: { readonly session_id?: unknown }): boolean =>
  isRecord(p) && typeof p.session_id === "string" && event.stream === sessionStream(p.session_id)

const projectSnapshotSaved = (sql: Statements, event: StoredEvent, p: SnapshotSavedPayload): void => {
  sql.get(
    `INSERT INTO snapshots (namespace, snapshot_id, created_position, updated_position, created_at, app,
       window_json, refs_json, counter, complete, identity_unproven) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (namespace, snapshot_id) DO UPDATE SET created_position = excluded.created_position,
       updated_position = excluded.updated_position, created_at = excluded.created_at, app = excluded.app,
       window_json = excluded.window_json, refs_json = excluded.refs_json, counter = excluded.counter,
       complete = excluded.complete, identity_unproven = excluded.identity_unproven`
  ).run(
    p.namespace, p.snapshot_id, event.position, event.position, event.time_ms, p.app, JSON.stringify(p.window),
    compactRefMapJson(isCompactRefMap(p.refs) ? p.refs : compactRefMap(p.refs)), p.counter, p.complete ? 1 : 0, p.identity_unproven ? 1 : 0
  )
  applyRetention(sql, p.namespace, p.snapshot_id)
}

/** At most 128 snapshots per namespace: past that, the oldest go until 96 remain, never the one just saved. */
const applyRetention = (sql: Statements, namespace: string, latest: string): void => {
  const count = Number(sql.get(`SELECT COUNT(*) AS count FROM snapshots WHERE namespace = ?`).get(namespace)!["count"])
  if (count <= MAX_SNAPSHOTS_PER_NAMESPACE) return
  const victims = sql.get(
    `SELECT snapshot_id FROM snapshots WHERE namespace = ? AND snapshot_id != ? ORDER BY created_position LIMIT ?`
  ).all(namespace, latest, count - PRUNED_SNAPSHOTS_PER_NAMESPACE).map((row) => String(row["snapshot_id"]))
  for (const snapshot_id of victims) {
    // Retention removes whole streams (a RefMap can be 1 MiB); no surviving event is ever changed.
    sql.get(`DELETE FROM events WHERE stream = ?`).run(snapshotStream(namespace, snapshot_id))
    sql.get(`DELETE FROM snapshots WHERE namespace = ? AND snapshot_id = ?`).run(namespace, snapshot_id)
  }
}

const projectSnapshotRootSaved = (sql: Statements, event: StoredEvent, p: SnapshotRootSavedPayload): void => {
  const row = sql.get(`SELECT refs_json FROM snapshots WHERE namespace = ? AND snapshot_id = ?`).get(p.namespace, p.snapshot_id)
  if (row === undefined) return
  const refs = expandRefMap(JSON.parse(String(row["refs_json"])) as StoredRefMap)
  for (const key of p.removed) delete refs[key]
  Object.assign(refs, expandRefMap(p.added))
  sql.get(
    `UPDATE snapshots SET refs_json = ?, counter = ?, updated_position = ? WHERE namespace = ? AND snapshot_id = ?`
  ).run(JSON.stringify(compactRefMap(refs)), p.counter, event.position, p.namespace, p.snapshot_id)
}

const projectSessionStarted = (sql: Statements, event: StoredEvent, p: SessionStartedPayload): void => {
  sql.get(
    `INSERT INTO sessions (session_id, name, created_at, ended_at, trace, artifacts, created_position, host)
     VALUES (?, ?, ?, NULL, ?, ?, ?, ?)`
  ).run(p.session_id, p.name ?? null, p.created_at, p.trace, p.artifacts, event.position, event.host ?? null)
}

const projectSessionEnded = (sql: Statements, p: SessionEndedPayload): void => {
  sql.get(`UPDATE sessions SET ended_at = ? WHERE session_id = ? AND ended_at IS NULL`).run(p.ended_at, p.session_id)
}

/** A session's trace: its tagged events while it is open and tracing (its own session.ended included). */
const projectTrace = (sql: Statements, event: StoredEvent, sessionId: string): void => {
  const session = sql.get(`SELECT trace, ended_at FROM sessions WHERE session_id = ?`).get(sessionId)
  if (session === undefined || session["trace"] !== "on") return
  if (session["ended_at"] !== null && event.type !== SESSION_ENDED) return
  sql.get(`INSERT INTO trace_events (session_id, position) VALUES (?, ?) ON CONFLICT DO NOTHING`).run(sessionId, event.position)
}
