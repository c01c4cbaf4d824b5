/** The shapes the store reads and writes. */
import type { RefEntry } from "@agent-desktop/domain"

export interface NewEvent {
  readonly type: string
  readonly payload?: unknown
  /** Event time; the store's clock when omitted. */
  readonly time_ms?: number
}

export interface StoredEvent {
  /** Global, strictly increasing, never reused. */
  readonly position: number
  readonly stream: string
  /** Per stream, from 1, gapless. */
  readonly seq: number
  readonly type: string
  readonly payload: unknown
  readonly time_ms: number
  readonly session_id?: string
  /** The machine that wrote it (Origin.ts); absent on events written before schema 3. */
  readonly host?: string
  /** The display the writer talked to, when it had one. */
  readonly desktop?: string
}

export interface AppendOptions {
  /** Tag the events with a session; they join its trace while the session is open and tracing. */
  readonly session_id?: string
  /**
   * How long this append waits for another process's lock (default: the store's 10 s). A write-ahead journal
   * asks for less: it keeps its events in memory and tries again later rather than hold up the command.
   */
  readonly busyTimeoutMs?: number
  /**
   * The stream's last seq the caller saw when it decided to append (0: the stream was empty). Checked inside the
   * appending transaction: when another writer appended since, nothing is written and the append throws
   * StreamConflict. Makes a read-decide-append (closing an abandoned invocation) happen at most once.
   */
  readonly expectedSeq?: number
}

/** An invocation stream whose `command.start` has no `command.end` yet. */
export interface OpenInvocation {
  readonly stream: string
  /** The process that started it (0 when unknown). */
  readonly pid: number
  readonly started_position: number
  /** The host that started it: its pid means something only there. */
  readonly host?: string
}

export interface AppendResult {
  readonly stream: string
  /** The events as stored, with their positions and seqs. */
  readonly events: ReadonlyArray<StoredEvent>
}

export interface SnapshotWindow {
  readonly id: string
  readonly title: string
}

export interface SnapshotInput {
  readonly snapshot_id: string
  readonly app: string
  readonly window: SnapshotWindow
  /** Keyed `@eN`. */
  readonly refs: Readonly<Record<string, RefEntry>>
  /** Highest N handed out; a drill-down continues after it. */
  readonly counter: number
  readonly complete: boolean
  readonly identity_unproven: boolean
}

export interface SavedSnapshot extends SnapshotInput {
  readonly namespace: string
  readonly created_at: number
}

export interface DrillDownInput {
  readonly root_ref: string
  /** The drilled subtree's new refs, in document order; the store numbers them after the counter. */
  readonly entries: ReadonlyArray<RefEntry>
}

export interface DrillDownResult {
  /** `@eN` keys given to `entries`, in the same order. */
  readonly keys: ReadonlyArray<string>
  /** Keys of the old refs under the root that the drill replaced. */
  readonly removed: ReadonlyArray<string>
  readonly counter: number
}

export interface SessionStartInput {
  /** A user id (1-64 of [A-Za-z0-9_-]); generated as run-<unix-ms>-<pid>-<counter> when absent. */
  readonly id?: string
  readonly name?: string
  /** Defaults to true (`--no-trace` turns it off). */
  readonly trace?: boolean
  /** `--screenshots`: artifacts "full". */
  readonly screenshots?: boolean
}

export interface SessionRecord {
  readonly session_id: string
  readonly name?: string
  readonly created_at: number
  readonly ended_at: number | null
  readonly trace: "on" | "off"
  readonly artifacts: "full" | "events"
  /** The host that started it (absent before schema 3). */
  readonly host?: string
}

/** Fleet views: what ran where, on which app, with which outcome (core/FleetFilter.ts). */
export interface FleetFilter {
  readonly host?: string
  readonly app?: string
  /** `ok`, `error`, `open`, an error code (`POLICY_DENIED`) or a delivery (`delivered_unverified`). */
  readonly outcome?: string
}

export interface SessionGcOptions {
  /** Remove sessions whose last activity is older than this. */
  readonly olderThanMs?: number
  /** Remove ended sessions only. The default when neither option is given. */
  readonly ended?: boolean
}

export interface TraceOptions {
  /** Newest N events, returned oldest first; 0 = all. Default 500. */
  readonly limit?: number
  /** Only event types starting with this prefix. */
  readonly prefix?: string
  /** Redact sensitive payload fields (default true; false only for artifacts "full"). */
  readonly redact?: boolean
  /** Only the events of the session's invocations that match (fleet views). */
  readonly filter?: FleetFilter
}

export interface TraceResult {
  readonly session_id: string
  readonly total_events: number
  readonly matched_events: number
  readonly returned_events: number
  readonly truncated: boolean
  readonly events: ReadonlyArray<StoredEvent>
}
