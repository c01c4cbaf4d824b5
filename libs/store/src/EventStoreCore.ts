/**
 * The event store, synchronous. The CLI's hot path can use it without Effect; `EventStore` wraps it as a service.
 * Every write is one `BEGIN IMMEDIATE` transaction that assigns per-stream seqs and updates the projections, so
 * any number of processes can append to one file and lose nothing. Methods throw the tagged errors of
 * StoreErrors.ts.
 */
import { isValidSnapshotId, redact, type RefEntry } from "@agent-desktop/domain"
import type Database from "better-sqlite3"
import * as path from "node:path"
import { type CompactRefMap, compactRefMap, compactRefMapBytes, expandRefMap, type StoredRefMap } from "./CompactRefMap.js"
import { BUSY_TIMEOUT_MS, openDatabase } from "./Database.js"
import {
  project, SESSION_ENDED, SESSION_STARTED, SNAPSHOT_ROOT_SAVED, SNAPSHOT_SAVED,
  type SessionStartedPayload, type SnapshotRootSavedPayload, type SnapshotSavedPayload
} from "./Projections.js"
import { withoutContents } from "./RefMapPrivacy.js"
import { PROJECTION_TABLES } from "./Schema.js"
import { createStoreFile, refuseEmptyStore } from "./StoreFile.js"
import { DATABASE_FILE, ensurePrivateFile, ensureStateRoot, resolveStateRoot, type StateRootOptions } from "./StateRoot.js"
import { Statements } from "./Statements.js"
import {
  InvalidSessionId, RefMapTooLarge, RootRefNotFound, SessionExists, SessionNotFound, SnapshotNotFound, StoreFailure,
  toStoreError
} from "./StoreErrors.js"
import type {
  AppendOptions, AppendResult, DrillDownInput, DrillDownResult, NewEvent, OpenInvocation, SavedSnapshot, SessionGcOptions,
  SessionRecord, SessionStartInput, SnapshotInput, StoredEvent, TraceOptions, TraceResult
} from "./StoreTypes.js"
import { GLOBAL_NAMESPACE, invocationStream, isStoreOwnedStream, isValidNamespace, isValidSessionId, sessionStream, snapshotStream } from "./Streams.js"

export interface EventStoreOptions extends StateRootOptions {
  /** Clock for event times (epoch ms). */
  readonly now?: () => number
}

export interface InvocationEvents {
  readonly invocationId: string
  /** "global" or the session id the invocation ran in; a session namespace tags the events for its trace. */
  readonly namespace: string
  readonly events: ReadonlyArray<{ readonly type: string; readonly payload?: unknown; readonly ts_ms?: number; readonly time_ms?: number }>
  /** See AppendOptions.busyTimeoutMs. */
  readonly busyTimeoutMs?: number
}

export const MAX_REFMAP_BYTES = 1024 * 1024
export const DEFAULT_TRACE_LIMIT = 500
/** An open session with activity this recent is never garbage-collected: a process may still be writing to it. */
export const GC_RECENT_ACTIVITY_MS = 60_000
const REPLAY_PAGE = 500

interface EventRow {
  position: number
  stream: string
  seq: number
  type: string
  payload: string
  time_ms: number
  session_id: string | null
}

interface SnapshotRow {
  namespace: string
  snapshot_id: string
  created_at: number
  app: string
  window_json: string
  refs_json: string
  counter: number
  complete: number
  identity_unproven: number
}

interface SessionRow {
  session_id: string
  name: string | null
  created_at: number
  ended_at: number | null
  trace: "on" | "off"
  artifacts: "full" | "events"
}

const EVENT_COLUMNS = "position, stream, seq, type, payload, time_ms, session_id"

const toEvent = (row: EventRow): StoredEvent => ({
  position: row.position,
  stream: row.stream,
  seq: row.seq,
  type: row.type,
  payload: JSON.parse(row.payload) as unknown,
  time_ms: row.time_ms,
  ...(row.session_id === null ? {} : { session_id: row.session_id })
})

const toSession = (row: SessionRow): SessionRecord => ({
  session_id: row.session_id,
  ...(row.name === null ? {} : { name: row.name }),
  created_at: row.created_at,
  ended_at: row.ended_at,
  trace: row.trace,
  artifacts: row.artifacts
})

let generatedSessions = 0

export class EventStoreCore {
  readonly #db: Database.Database
  readonly #sql: Statements
  readonly #now: () => number

  private constructor(db: Database.Database, readonly stateRoot: string, readonly databasePath: string, now: () => number) {
    this.#db = db
    this.#sql = new Statements(db)
    this.#now = now
  }

  static open(options: EventStoreOptions = {}): EventStoreCore {
    try {
      const root = resolveStateRoot(options)
      ensureStateRoot(root)
      const file = path.join(root, DATABASE_FILE)
      createStoreFile(file)
      refuseEmptyStore(file)
      ensurePrivateFile(file)
      return new EventStoreCore(openDatabase(file), root, file, options.now ?? Date.now)
    } catch (error) {
      throw toStoreError(error)
    }
  }

  close(): void {
    if (this.#db.open) this.#db.close()
  }

  // ---- events ------------------------------------------------------------------------------------------------

  /** Any stream but the store's own (`snapshot-*`, `session-*`), which only its methods write. */
  append(stream: string, events: ReadonlyArray<NewEvent>, options: AppendOptions = {}): AppendResult {
    if (isStoreOwnedStream(stream)) {
      throw new StoreFailure({ message: `Stream '${stream}' belongs to the store; use its snapshot and session methods`, cause: stream })
    }
    const write = () => this.#write(() => this.#append(stream, events, options))
    if (options.busyTimeoutMs === undefined) return write()
    this.#db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`)
    try {
      return write()
    } finally {
      this.#db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    }
  }

  /** Invocations that started and never ended: still running elsewhere, or left open by a crash or a kill. */
  openInvocations(): ReadonlyArray<OpenInvocation> {
    return this.#read(() =>
      this.#sql.get(`SELECT stream, pid, started_position FROM open_invocations ORDER BY started_position`).all() as Array<OpenInvocation>
    )
  }

  appendInvocation(input: InvocationEvents): AppendResult {
    const events = input.events.map((event): NewEvent => {
      const time = event.time_ms ?? event.ts_ms
      return { type: event.type, payload: event.payload, ...(time === undefined ? {} : { time_ms: time }) }
    })
    const session = input.namespace === GLOBAL_NAMESPACE ? {} : { session_id: input.namespace }
    const budget = input.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: input.busyTimeoutMs }
    return this.append(invocationStream(input.invocationId), events, { ...session, ...budget })
  }

  readStream(stream: string, options: { readonly fromSeq?: number } = {}): ReadonlyArray<StoredEvent> {
    return this.#read(() =>
      (this.#sql.get(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND seq >= ? ORDER BY seq`)
        .all(stream, options.fromSeq ?? 1) as Array<EventRow>).map(toEvent)
    )
  }

  readAll(options: { readonly afterPosition?: number; readonly limit?: number } = {}): ReadonlyArray<StoredEvent> {
    return this.#read(() =>
      (this.#sql.get(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
        .all(options.afterPosition ?? 0, options.limit ?? -1) as Array<EventRow>).map(toEvent)
    )
  }

  /** The stream with this prefix that was appended to most recently (e.g. "wave-" for `wave -c`). */
  latestStream(prefix: string): string | undefined {
    return this.#read(() => {
      const row = this.#sql.get(
        `SELECT stream FROM events WHERE substr(stream, 1, length(?)) = ? ORDER BY position DESC LIMIT 1`
      ).get(prefix, prefix) as { stream: string } | undefined
      return row?.stream
    })
  }

  // ---- snapshots ---------------------------------------------------------------------------------------------

  /** Appends the snapshot; read it back with loadSnapshot (a save that parsed its own write back cost a warm snapshot a fifth of its CPU). */
  saveSnapshot(namespace: string, input: SnapshotInput): void {
    this.#write(() => {
      this.#checkNamespace(namespace)
      if (!isValidSnapshotId(input.snapshot_id)) {
        throw new StoreFailure({ message: `Invalid snapshot id '${input.snapshot_id}'`, cause: input.snapshot_id })
      }
      const refs = compactRefMap(withoutContents(input.refs))
      checkRefMapSize(refs)
      const payload: SnapshotSavedPayload = { namespace, ...input, refs }
      this.#append(snapshotStream(namespace, input.snapshot_id), [{ type: SNAPSHOT_SAVED, payload }], {})
    })
  }

  loadSnapshot(namespace: string, snapshotId: string): SavedSnapshot {
    return this.#read(() => {
      const row = this.#sql.get(
        `SELECT namespace, snapshot_id, created_at, app, window_json, refs_json, counter, complete, identity_unproven
         FROM snapshots WHERE namespace = ? AND snapshot_id = ?`
      ).get(namespace, snapshotId) as SnapshotRow | undefined
      if (row === undefined) {
        throw new SnapshotNotFound({
          message: `Snapshot ${snapshotId} not found in namespace ${namespace} (unknown, or pruned by retention)`,
          namespace,
          snapshotId
        })
      }
      return {
        namespace: row.namespace,
        snapshot_id: row.snapshot_id,
        created_at: row.created_at,
        app: row.app,
        window: JSON.parse(row.window_json) as SavedSnapshot["window"],
        refs: expandRefMap(JSON.parse(row.refs_json) as StoredRefMap),
        counter: row.counter,
        complete: row.complete === 1,
        identity_unproven: row.identity_unproven === 1
      }
    })
  }

  latestSnapshotId(namespace: string): string | undefined {
    return this.#read(() => {
      const row = this.#sql.get(
        `SELECT snapshot_id FROM snapshots WHERE namespace = ? ORDER BY updated_position DESC LIMIT 1`
      ).get(namespace) as { snapshot_id: string } | undefined
      return row?.snapshot_id
    })
  }

  /** `--root` drill-down: replace the refs under the root and number the new ones after the snapshot's counter. */
  drillDown(namespace: string, snapshotId: string, input: DrillDownInput): DrillDownResult {
    return this.#write(() => {
      const snapshot = this.loadSnapshot(namespace, snapshotId)
      const root = snapshot.refs[input.root_ref]
      if (root === undefined) {
        throw new RootRefNotFound({
          message: `${input.root_ref} is not in snapshot ${snapshotId}`,
          snapshotId,
          rootRef: input.root_ref
        })
      }
      const removed = Object.entries(snapshot.refs)
        .filter(([, entry]) => isStrictlyUnder(entry.path, root.path))
        .map(([key]) => key)
      const keys = input.entries.map((_, i) => `@e${snapshot.counter + 1 + i}`)
      const added: Record<string, RefEntry> = {}
      const entries = Object.values(withoutContents(Object.fromEntries(input.entries.map((entry, i) => [String(i), entry]))))
      entries.forEach((entry, i) => {
        added[keys[i]!] = entry.root_ref === undefined ? { ...entry, root_ref: input.root_ref } : entry
      })
      const remaining = { ...snapshot.refs }
      for (const key of removed) delete remaining[key]
      checkRefMapSize(compactRefMap({ ...remaining, ...added }))
      const counter = snapshot.counter + input.entries.length
      const payload: SnapshotRootSavedPayload = {
        namespace, snapshot_id: snapshotId, root_ref: input.root_ref, removed, added: compactRefMap(added), counter
      }
      this.#append(snapshotStream(namespace, snapshotId), [{ type: SNAPSHOT_ROOT_SAVED, payload }], {})
      return { keys, removed, counter }
    })
  }

  // ---- sessions ----------------------------------------------------------------------------------------------

  startSession(input: SessionStartInput = {}): SessionRecord {
    return this.#write(() => {
      const now = this.#now()
      let id = input.id
      if (id === undefined) {
        do id = `run-${now}-${process.pid}-${generatedSessions++}`
        while (this.getSession(id) !== undefined)
      } else {
        if (!isValidSessionId(id)) {
          throw new InvalidSessionId({ message: `Invalid session id '${id}': use 1-64 of [A-Za-z0-9_-] (not "global")`, sessionId: id })
        }
        if (this.getSession(id) !== undefined) {
          throw new SessionExists({ message: `Session ${id} already exists`, sessionId: id })
        }
      }
      const payload: SessionStartedPayload = {
        session_id: id,
        ...(input.name === undefined ? {} : { name: input.name }),
        trace: input.trace === false ? "off" : "on",
        artifacts: input.screenshots === true ? "full" : "events",
        created_at: now
      }
      this.#append(sessionStream(id), [{ type: SESSION_STARTED, payload, time_ms: now }], { session_id: id })
      return this.getSession(id)!
    })
  }

  endSession(sessionId: string): { readonly session_id: string; readonly ended_at: number } {
    return this.#write(() => {
      const session = this.getSession(sessionId)
      if (session === undefined) throw new SessionNotFound({ message: `Session ${sessionId} not found`, sessionId })
      if (session.ended_at !== null) return { session_id: sessionId, ended_at: session.ended_at }
      const ended_at = this.#now()
      this.#append(sessionStream(sessionId), [{ type: SESSION_ENDED, payload: { session_id: sessionId, ended_at }, time_ms: ended_at }], {
        session_id: sessionId
      })
      return { session_id: sessionId, ended_at }
    })
  }

  getSession(sessionId: string): SessionRecord | undefined {
    return this.#read(() => {
      const row = this.#sql.get(
        `SELECT session_id, name, created_at, ended_at, trace, artifacts FROM sessions WHERE session_id = ?`
      ).get(sessionId) as SessionRow | undefined
      return row === undefined ? undefined : toSession(row)
    })
  }

  /** Oldest first; `ended_at` is null while a session is open. */
  listSessions(): ReadonlyArray<SessionRecord> {
    return this.#read(() =>
      (this.#sql.get(
        `SELECT session_id, name, created_at, ended_at, trace, artifacts FROM sessions ORDER BY created_at, created_position`
      ).all() as Array<SessionRow>).map(toSession)
    )
  }

  /**
   * Removes sessions, their snapshots, trace and streams. `ended` keeps only ended sessions as candidates,
   * `olderThanMs` only those idle that long; with neither, ended sessions go. An open session active in the last
   * minute always stays.
   */
  gcSessions(options: SessionGcOptions = {}): ReadonlyArray<string> {
    return this.#write(() => {
      const now = this.#now()
      const endedOnly = options.ended === true || options.olderThanMs === undefined
      const removed: Array<string> = []
      for (const session of this.listSessions()) {
        if (endedOnly && session.ended_at === null) continue
        const lastActivity = this.#lastActivity(session)
        if (options.olderThanMs !== undefined && now - lastActivity < options.olderThanMs) continue
        if (session.ended_at === null && now - lastActivity < GC_RECENT_ACTIVITY_MS) continue
        this.#removeSession(session.session_id)
        removed.push(session.session_id)
      }
      return removed
    })
  }

  // ---- trace -------------------------------------------------------------------------------------------------

  trace(sessionId: string, options: TraceOptions = {}): TraceResult {
    return this.#read(() => {
      if (this.getSession(sessionId) === undefined) throw new SessionNotFound({ message: `Session ${sessionId} not found`, sessionId })
      const limit = options.limit ?? DEFAULT_TRACE_LIMIT
      const prefix = options.prefix ?? ""
      const { total } = this.#sql.get(`SELECT COUNT(*) AS total FROM trace_events WHERE session_id = ?`).get(sessionId) as { total: number }
      const { matched } = this.#sql.get(
        `SELECT COUNT(*) AS matched FROM trace_events t JOIN events e ON e.position = t.position
         WHERE t.session_id = ? AND substr(e.type, 1, length(?)) = ?`
      ).get(sessionId, prefix, prefix) as { matched: number }
      const rows = this.#sql.get(
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
  }

  // ---- projections -------------------------------------------------------------------------------------------

  /** Drops every projection and replays all events into them, in order. */
  rebuildProjections(): { readonly events: number } {
    return this.#write(() => {
      for (const table of PROJECTION_TABLES) this.#db.exec(`DELETE FROM ${table}`)
      let after = 0
      let count = 0
      for (;;) {
        const page = this.readAll({ afterPosition: after, limit: REPLAY_PAGE })
        if (page.length === 0) break
        for (const event of page) project(this.#sql, event)
        count += page.length
        after = page[page.length - 1]!.position
      }
      return { events: count }
    })
  }

  // ---- internals ---------------------------------------------------------------------------------------------

  #write<A>(body: () => A): A {
    try {
      return this.#db.transaction(body).immediate()
    } catch (error) {
      throw toStoreError(error)
    }
  }

  #read<A>(body: () => A): A {
    try {
      return body()
    } catch (error) {
      throw toStoreError(error)
    }
  }

  #append(stream: string, events: ReadonlyArray<NewEvent>, options: AppendOptions): AppendResult {
    const { last } = this.#sql.get(`SELECT COALESCE(MAX(seq), 0) AS last FROM events WHERE stream = ?`).get(stream) as { last: number }
    const insert = this.#sql.get(
      `INSERT INTO events (stream, seq, type, payload, time_ms, session_id) VALUES (?, ?, ?, ?, ?, ?)`
    )
    const stored = events.map((event, i): StoredEvent => {
      const seq = last + 1 + i
      const time_ms = event.time_ms ?? this.#now()
      const payload = JSON.stringify(event.payload ?? null)
      const info = insert.run(stream, seq, event.type, payload, time_ms, options.session_id ?? null)
      const record: StoredEvent = {
        position: Number(info.lastInsertRowid),
        stream,
        seq,
        type: event.type,
        payload: JSON.parse(payload) as unknown,
        time_ms,
        ...(options.session_id === undefined ? {} : { session_id: options.session_id })
      }
      project(this.#sql, record)
      return record
    })
    return { stream, events: stored }
  }

  #checkNamespace(namespace: string): void {
    if (!isValidNamespace(namespace)) {
      throw new InvalidSessionId({ message: `Invalid namespace '${namespace}': "global" or a session id`, sessionId: namespace })
    }
  }

  #lastActivity(session: SessionRecord): number {
    const { last } = this.#sql.get(`SELECT MAX(time_ms) AS last FROM events WHERE session_id = ?`).get(session.session_id) as {
      last: number | null
    }
    return Math.max(session.created_at, session.ended_at ?? 0, last ?? 0)
  }

  #removeSession(sessionId: string): void {
    this.#sql.get(
      `DELETE FROM events WHERE stream IN (SELECT 'snapshot-' || namespace || '-' || snapshot_id FROM snapshots WHERE namespace = ?)`
    ).run(sessionId)
    this.#sql.get(`DELETE FROM events WHERE stream IN (SELECT DISTINCT stream FROM events WHERE session_id = ?)`).run(sessionId)
    this.#sql.get(`DELETE FROM events WHERE stream = ?`).run(sessionStream(sessionId))
    this.#sql.get(`DELETE FROM snapshots WHERE namespace = ?`).run(sessionId)
    this.#sql.get(`DELETE FROM trace_events WHERE session_id = ?`).run(sessionId)
    this.#sql.get(`DELETE FROM sessions WHERE session_id = ?`).run(sessionId)
    this.#sql.get(`DELETE FROM open_invocations WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream = open_invocations.stream)`).run()
  }
}

const isStrictlyUnder = (candidate: ReadonlyArray<number>, root: ReadonlyArray<number>): boolean =>
  candidate.length > root.length && root.every((index, depth) => candidate[depth] === index)

/** The limit is on the stored, compact form (CompactRefMap.ts). */
const checkRefMapSize = (refs: CompactRefMap): void => {
  const bytes = compactRefMapBytes(refs)
  if (bytes > MAX_REFMAP_BYTES) {
    throw new RefMapTooLarge({ message: `RefMap is ${bytes} bytes; the limit is ${MAX_REFMAP_BYTES}`, bytes })
  }
}
