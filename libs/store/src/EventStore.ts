/**
 * The event store as an Effect service. `EventStore.layer({ home })` opens the database when the layer is built
 * and closes it when the layer's scope ends; every method is the synchronous core's, lifted into Effect with its
 * typed failures.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { EventStoreCore, type EventStoreOptions, type InvocationEvents } from "./EventStoreCore.js"
import {
  toStoreError, type InvalidSessionId, type RefMapTooLarge, type RootRefNotFound, type SessionExists,
  type SessionNotFound, type SnapshotNotFound, type StoreError, StoreFailure, type StreamConflict
} from "./StoreErrors.js"
import type {
  AppendOptions, AppendResult, DrillDownInput, DrillDownResult, FleetFilter, NewEvent, OpenInvocation, SavedSnapshot, SessionGcOptions,
  SessionRecord, SessionStartInput, SnapshotInput, StoredEvent, TraceOptions, TraceResult
} from "./StoreTypes.js"

export interface EventStoreShape {
  /** The synchronous core underneath, for callers that want no Effect overhead. */
  readonly core: EventStoreCore
  /** StreamConflict only with `options.expectedSeq`. */
  readonly append: (stream: string, events: ReadonlyArray<NewEvent>, options?: AppendOptions) => Effect.Effect<AppendResult, StreamConflict | StoreFailure>
  readonly appendInvocation: (input: InvocationEvents) => Effect.Effect<AppendResult, StoreFailure>
  readonly readStream: (stream: string, options?: { readonly fromSeq?: number }) => Effect.Effect<ReadonlyArray<StoredEvent>, StoreFailure>
  readonly readAll: (options?: { readonly afterPosition?: number; readonly limit?: number }) => Effect.Effect<ReadonlyArray<StoredEvent>, StoreFailure>
  readonly latestStream: (prefix: string) => Effect.Effect<string | undefined, StoreFailure>
  readonly openInvocations: () => Effect.Effect<ReadonlyArray<OpenInvocation>, StoreFailure>
  readonly saveSnapshot: (
    namespace: string,
    input: SnapshotInput
  ) => Effect.Effect<void, RefMapTooLarge | InvalidSessionId | StoreFailure>
  readonly loadSnapshot: (namespace: string, snapshotId: string) => Effect.Effect<SavedSnapshot, SnapshotNotFound | StoreFailure>
  readonly latestSnapshotId: (namespace: string) => Effect.Effect<string | undefined, StoreFailure>
  /** The latest snapshot of one window (its `window.id`) in the namespace. */
  readonly latestSnapshotOfWindow: (namespace: string, windowId: string) => Effect.Effect<string | undefined, StoreFailure>
  readonly drillDown: (
    namespace: string,
    snapshotId: string,
    input: DrillDownInput
  ) => Effect.Effect<DrillDownResult, SnapshotNotFound | RootRefNotFound | RefMapTooLarge | StoreFailure>
  readonly startSession: (input?: SessionStartInput) => Effect.Effect<SessionRecord, SessionExists | InvalidSessionId | StoreFailure>
  readonly endSession: (sessionId: string) => Effect.Effect<{ readonly session_id: string; readonly ended_at: number }, SessionNotFound | StoreFailure>
  readonly getSession: (sessionId: string) => Effect.Effect<SessionRecord | undefined, StoreFailure>
  readonly listSessions: (filter?: FleetFilter) => Effect.Effect<ReadonlyArray<SessionRecord>, StoreFailure>
  readonly gcSessions: (options?: SessionGcOptions) => Effect.Effect<ReadonlyArray<string>, StoreFailure>
  readonly trace: (sessionId: string, options?: TraceOptions) => Effect.Effect<TraceResult, SessionNotFound | StoreFailure>
  readonly rebuildProjections: () => Effect.Effect<{ readonly events: number }, StoreFailure>
}

type Tag = StoreError["_tag"]

/** Whether a store error is one of the tags a method declares. */
const isOneOf = <const T extends Tag>(error: StoreError, tags: ReadonlyArray<T>): error is Extract<StoreError, { _tag: T }> =>
  (tags as ReadonlyArray<Tag>).includes(error._tag)

/**
 * The core's call as an Effect whose error type is exactly what the method declares: its own tags pass through,
 * and anything else the core throws (it should not) becomes a StoreFailure that says so, never a mislabelled error.
 */
const lift = <A, const T extends Tag = never>(run: () => A, ...tags: ReadonlyArray<T>): Effect.Effect<A, Extract<StoreError, { _tag: T }> | StoreFailure> =>
  Effect.try({
    try: run,
    catch: (thrown) => {
      const error = toStoreError(thrown)
      if (error._tag === "StoreFailure" || isOneOf(error, tags)) return error
      return new StoreFailure({ message: `unexpected ${error._tag}: ${error.message}`, cause: error, reason: "other" })
    }
  })

export class EventStore extends Context.Service<EventStore, EventStoreShape>()("@agent-desktop/store/EventStore") {
  /** Wraps an open core; the caller keeps ownership (and closes it). */
  static fromCore(core: EventStoreCore): EventStoreShape {
    return EventStore.of({
      core,
      append: (stream, events, options) => lift(() => core.append(stream, events, options), "StreamConflict"),
      appendInvocation: (input) => lift(() => core.appendInvocation(input)),
      readStream: (stream, options) => lift(() => core.readStream(stream, options)),
      readAll: (options) => lift(() => core.readAll(options)),
      latestStream: (prefix) => lift(() => core.latestStream(prefix)),
      openInvocations: () => lift(() => core.openInvocations()),
      saveSnapshot: (namespace, input) => lift(() => core.saveSnapshot(namespace, input), "RefMapTooLarge", "InvalidSessionId"),
      loadSnapshot: (namespace, snapshotId) => lift(() => core.loadSnapshot(namespace, snapshotId), "SnapshotNotFound"),
      latestSnapshotId: (namespace) => lift(() => core.latestSnapshotId(namespace)),
      latestSnapshotOfWindow: (namespace, windowId) => lift(() => core.latestSnapshotOfWindow(namespace, windowId)),
      drillDown: (namespace, snapshotId, input) =>
        lift(() => core.drillDown(namespace, snapshotId, input), "SnapshotNotFound", "RootRefNotFound", "RefMapTooLarge"),
      startSession: (input) => lift(() => core.startSession(input), "SessionExists", "InvalidSessionId"),
      endSession: (sessionId) => lift(() => core.endSession(sessionId), "SessionNotFound"),
      getSession: (sessionId) => lift(() => core.getSession(sessionId)),
      listSessions: (filter) => lift(() => core.listSessions(filter)),
      gcSessions: (options) => lift(() => core.gcSessions(options)),
      trace: (sessionId, options) => lift(() => core.trace(sessionId, options), "SessionNotFound"),
      rebuildProjections: () => lift(() => core.rebuildProjections())
    })
  }

  /**
   * The store `options.store` or `$AGENT_DESKTOP_STORE` names — SQLite under the state root by default, PostgreSQL
   * for a `postgres://` URL — opened when the layer is built (InvalidHome, StoreFailure) and closed when its scope
   * ends. Callers get the same service either way.
   */
  static layer(options: Omit<EventStoreOptions, "now"> = {}): Layer.Layer<EventStore, StoreError> {
    return Layer.effect(
      EventStore,
      Effect.gen(function*() {
        const clock = yield* Clock.Clock
        const core = yield* Effect.acquireRelease(
          lift(() => EventStoreCore.open({ ...options, now: () => clock.currentTimeMillisUnsafe() }), "InvalidHome"),
          (opened) => Effect.sync(() => opened.close())
        )
        return EventStore.fromCore(core)
      })
    )
  }

  /** The embedded SQLite file under the state root, whatever the environment says. */
  static layerSqlite(options: Omit<EventStoreOptions, "now" | "store"> = {}): Layer.Layer<EventStore, StoreError> {
    return EventStore.layer({ ...options, store: "sqlite" })
  }

  /** A PostgreSQL database (`postgres://...`), whatever the environment says; the state root still holds files. */
  static layerPostgres(url: string, options: Omit<EventStoreOptions, "now" | "store"> = {}): Layer.Layer<EventStore, StoreError> {
    return EventStore.layer({ ...options, store: url })
  }
}
