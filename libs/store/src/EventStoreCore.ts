/**
 * The event store, synchronous. The CLI's hot path can use it without Effect; `EventStore` wraps it as a service.
 * Every write is one `BEGIN IMMEDIATE` transaction that assigns per-stream seqs and updates the projections, so
 * any number of processes can append to one file and lose nothing. Methods throw the tagged errors of
 * StoreErrors.ts. Each concern lives in its own module under `core/`: the event log, snapshots, sessions, traces,
 * the projection rebuild; this class opens the file and hands each method to its module.
 */
import * as path from "node:path"
import * as EventLog from "./core/EventLog.js"
import { rebuildProjections } from "./core/rebuildProjections.js"
import * as Sessions from "./core/SessionRepository.js"
import * as Snapshots from "./core/SnapshotRepository.js"
import type { StoreContext } from "./core/StoreContext.js"
import { trace } from "./core/TraceQuery.js"
import { BUSY_TIMEOUT_MS, openDatabase } from "./Database.js"
import { type Origin, originOf } from "./Origin.js"
import { openPostgresDriver } from "./postgres/openPostgres.js"
import { chooseSqliteBinding, type SqliteBinding } from "./sql/openSqlite.js"
import type { DriverName, SqlDriver } from "./sql/SqlDriver.js"
import { resolveStoreLocation } from "./StoreLocation.js"
import { DATABASE_FILE, ensurePrivateFile, ensureStateRoot, resolveStateRoot, type StateRootOptions } from "./StateRoot.js"
import { Statements } from "./Statements.js"
import { toStoreError } from "./StoreErrors.js"
import { createStoreFile, refuseEmptyStore } from "./StoreFile.js"
import type {
  AppendOptions, AppendResult, DrillDownInput, DrillDownResult, FleetFilter, NewEvent, OpenInvocation, SavedSnapshot, SessionGcOptions,
  SessionRecord, SessionStartInput, SnapshotInput, StoredEvent, TraceOptions, TraceResult
} from "./StoreTypes.js"
import { GLOBAL_NAMESPACE, invocationStream } from "./Streams.js"

export { MAX_REFMAP_BYTES } from "./core/SnapshotRepository.js"
export { GC_RECENT_ACTIVITY_MS } from "./core/SessionRepository.js"
export { DEFAULT_TRACE_LIMIT } from "./core/TraceQuery.js"

/** A left log is checkpointed by the commit that takes it past this many pages (1 MiB; SQLite's default is 1000). */
export const LEFT_WAL_CHECKPOINT_PAGES = 256

export interface EventStoreOptions extends StateRootOptions {
  /** Clock for event times (epoch ms). */
  readonly now?: () => number
  /**
   * The process exits right after `close()` (a one-shot CLI call): close then leaves the write-ahead log for the next
   * open instead of checkpointing it into the main file and deleting it — that checkpoint, and re-creating the log
   * on the next call, cost two to four fsyncs per call. SQLite recovers a left log on the next open exactly as after a
   * kill -9, and a lower auto-checkpoint keeps the log short, so that recovery stays cheap.
   */
  readonly exitsAfterClose?: boolean
  /**
   * Where the events live: "sqlite" (the default: `events.db` under the state root) or a `postgres://` URL. Unset:
   * `$AGENT_DESKTOP_STORE` (StoreLocation.ts).
   */
  readonly store?: string
  /** The SQLite binding; unset: `$AGENT_DESKTOP_SQLITE`, else node:sqlite where Node has it (sql/openSqlite.ts). */
  readonly sqliteBinding?: SqliteBinding
  /** Host and desktop stamped on each event; unset: this machine's (Origin.ts). */
  readonly origin?: Origin
}

export interface InvocationEvents {
  readonly invocationId: string
  /** "global" or the session id the invocation ran in; a session namespace tags the events for its trace. */
  readonly namespace: string
  readonly events: ReadonlyArray<{ readonly type: string; readonly payload?: unknown; readonly ts_ms?: number; readonly time_ms?: number }>
  /** See AppendOptions.busyTimeoutMs. */
  readonly busyTimeoutMs?: number
}

export class EventStoreCore {
  readonly #db: SqlDriver
  readonly #context: StoreContext

  readonly #exitsAfterClose: boolean

  private constructor(
    db: SqlDriver,
    readonly stateRoot: string,
    /** The SQLite file, or the PostgreSQL URL without its password. */
    readonly databasePath: string,
    now: () => number,
    exitsAfterClose: boolean,
    readonly origin: Origin
  ) {
    this.#db = db
    this.#exitsAfterClose = exitsAfterClose
    this.#context = { db, sql: new Statements(db), now, origin }
  }

  /** Which driver holds the events: better-sqlite3, node:sqlite or postgres. */
  get driver(): DriverName {
    return this.#db.name
  }

  static open(options: EventStoreOptions = {}): EventStoreCore {
    try {
      const root = resolveStateRoot(options)
      ensureStateRoot(root)
      const env = options.env ?? process.env
      const location = resolveStoreLocation({ ...(options.store === undefined ? {} : { store: options.store }), env })
      const origin = options.origin ?? originOf(env)
      const now = options.now ?? Date.now
      const exitsAfterClose = options.exitsAfterClose === true
      if (location.kind === "postgres") {
        const db = openPostgresDriver(location.url, { busyTimeoutMs: BUSY_TIMEOUT_MS })
        return new EventStoreCore(db, root, location.label, now, exitsAfterClose, origin)
      }
      const file = path.join(root, DATABASE_FILE)
      const binding = options.sqliteBinding ?? chooseSqliteBinding(env)
      createStoreFile(file, binding)
      refuseEmptyStore(file)
      ensurePrivateFile(file)
      const db = openDatabase(file, { binding, ...(exitsAfterClose ? { walAutoCheckpointPages: LEFT_WAL_CHECKPOINT_PAGES } : {}) })
      return new EventStoreCore(db, root, file, now, exitsAfterClose, origin)
    } catch (error) {
      throw toStoreError(error)
    }
  }

  close(): void {
    // SQLite is left open on purpose (see EventStoreOptions.exitsAfterClose): the process exits next, and the OS
    // closes the file without SQLite's closing checkpoint. A server connection is always ended properly.
    if (this.#exitsAfterClose && this.#db.dialect === "sqlite") return
    if (this.#db.isOpen) this.#db.close()
  }

  // ---- events (core/EventLog.ts) ----

  /** Any stream but the store's own (`snapshot-*`, `session-*`), which only its methods write. */
  append(stream: string, events: ReadonlyArray<NewEvent>, options: AppendOptions = {}): AppendResult {
    return EventLog.append(this.#context, stream, events, options)
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
    return EventLog.readStream(this.#context, stream, options.fromSeq)
  }

  readAll(options: { readonly afterPosition?: number; readonly limit?: number } = {}): ReadonlyArray<StoredEvent> {
    return EventLog.readAll(this.#context, options.afterPosition, options.limit)
  }

  /** The stream with this prefix this machine appended to most recently (e.g. "wave-" for `wave -c`). */
  latestStream(prefix: string): string | undefined {
    return EventLog.latestStream(this.#context, prefix)
  }

  /** Invocations that started and never ended: still running elsewhere, or left open by a crash or a kill. */
  openInvocations(): ReadonlyArray<OpenInvocation> {
    return EventLog.openInvocations(this.#context)
  }

  // ---- snapshots (core/SnapshotRepository.ts) ----

  saveSnapshot(namespace: string, input: SnapshotInput): void {
    Snapshots.saveSnapshot(this.#context, namespace, input)
  }

  loadSnapshot(namespace: string, snapshotId: string): SavedSnapshot {
    return Snapshots.loadSnapshot(this.#context, namespace, snapshotId)
  }

  latestSnapshotId(namespace: string): string | undefined {
    return Snapshots.latestSnapshotId(this.#context, namespace)
  }

  latestSnapshotOfWindow(namespace: string, windowId: string): string | undefined {
    return Snapshots.latestSnapshotOfWindow(this.#context, namespace, windowId)
  }

  drillDown(namespace: string, snapshotId: string, input: DrillDownInput): DrillDownResult {
    return Snapshots.drillDown(this.#context, namespace, snapshotId, input)
  }

  // ---- sessions (core/SessionRepository.ts) ----

  startSession(input: SessionStartInput = {}): SessionRecord {
    return Sessions.startSession(this.#context, input)
  }

  endSession(sessionId: string): { readonly session_id: string; readonly ended_at: number } {
    return Sessions.endSession(this.#context, sessionId)
  }

  getSession(sessionId: string): SessionRecord | undefined {
    return Sessions.getSession(this.#context, sessionId)
  }

  /** Oldest first; with a filter, the sessions with a matching invocation (fleet views, core/FleetFilter.ts). */
  listSessions(filter: FleetFilter = {}): ReadonlyArray<SessionRecord> {
    return Sessions.listSessions(this.#context, filter)
  }

  gcSessions(options: SessionGcOptions = {}): ReadonlyArray<string> {
    return Sessions.gcSessions(this.#context, options)
  }

  // ---- trace (core/TraceQuery.ts) and projections (core/rebuildProjections.ts) ----

  trace(sessionId: string, options: TraceOptions = {}): TraceResult {
    return trace(this.#context, sessionId, options)
  }

  rebuildProjections(): { readonly events: number } {
    return rebuildProjections(this.#context)
  }
}
