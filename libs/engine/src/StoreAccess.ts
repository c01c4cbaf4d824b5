import {
  EventStore, type SavedSnapshot as StoredSnapshot, type SnapshotInput, type StoreError, type StoreFailure, type StoreFailureReason
} from "@agent-desktop/store"
import { Effect } from "effect"
import { Internal, InvalidArgs, SnapshotNotFound, type DesktopError } from "./errors/DesktopError.js"

/** A snapshot as the engine writes it. */
export type SavedSnapshot = SnapshotInput

/** Store failures as contract errors. Nothing was sent to any app, so every one is not_delivered. */
export const fromStoreError = (error: StoreError): DesktopError => {
  switch (error._tag) {
    case "SnapshotNotFound":
      return new SnapshotNotFound({ message: error.message, delivery: "not_delivered" })
    case "InvalidHome":
    case "InvalidSessionId":
    case "SessionNotFound":
    case "SessionExists":
    case "RootRefNotFound":
      return new InvalidArgs({ message: error.message, delivery: "not_delivered" })
    case "RefMapTooLarge":
      return new Internal({
        message: `${error.message}: this window has more refs than one snapshot may hold`,
        delivery: "not_delivered",
        suggestion: "Snapshot with --skeleton, then drill into the part you need with --root"
      })
    case "StreamConflict":
      // Only an append that asked for it (expectedSeq) meets one, and nothing was written.
      return new Internal({ message: error.message, delivery: "not_delivered", details: { kind: "store_conflict", retryable: true } })
    case "StoreFailure":
      return storeFailure(error)
  }
}

/** A store failure as an error's `details.store_failure`. */
export const storeFailureDetails = (error: StoreError): Record<string, unknown> => ({
  reason: error._tag === "StoreFailure" ? error.reason ?? "other" : error._tag,
  message: error.message
})

/** What each underlying failure means for the caller, and whether the same call can work later. */
const FAILURE_ADVICE: Readonly<Record<StoreFailureReason, { readonly what: string; readonly suggestion: string; readonly retryable: boolean }>> = {
  busy: {
    what: "The state store is locked by another process",
    suggestion: "Another agent-desktop (or a tool holding events.db open) has the lock; retry in a few seconds",
    retryable: true
  },
  full: { what: "The disk holding the state store is full", suggestion: "Free space on the state root's file system, then retry", retryable: true },
  read_only: {
    what: "The state store is read-only",
    suggestion: "Make the state root and its events.db writable (or point AGENT_DESKTOP_HOME elsewhere), then retry",
    retryable: false
  },
  permission: {
    what: "The state store cannot be opened with this user's permissions",
    suggestion: "Check the owner and mode of the state root and events.db, or point AGENT_DESKTOP_HOME elsewhere " +
      "(for a PostgreSQL store: the role, its password and its rights on the database in AGENT_DESKTOP_STORE)",
    retryable: false
  },
  unreachable: {
    what: "The PostgreSQL state store cannot be reached",
    suggestion: "Check that the server in AGENT_DESKTOP_STORE is up and reachable from this machine, then retry",
    retryable: true
  },
  corrupt: {
    what: "The state store's database is damaged",
    suggestion: "Move events.db (and events.db-wal, -shm) aside to start a new store; snapshots taken so far are lost",
    retryable: false
  },
  foreign: {
    what: "The state root's events.db is not an agent-desktop database",
    suggestion: "Point AGENT_DESKTOP_HOME at a directory of agent-desktop's own, or move that file aside",
    retryable: false
  },
  binding: {
    what: "The state store's SQLite binding cannot be loaded",
    suggestion: "Use node:sqlite: Node 22.13 or later with AGENT_DESKTOP_SQLITE unset (nothing to build); or build " +
      "better-sqlite3 for this Node with a C++ toolchain and Python on PATH: npm rebuild better-sqlite3",
    retryable: false
  },
  other: { what: "The state store failed", suggestion: "Check the state root's disk and permissions, then retry", retryable: true }
}

/** What to do about a store failure, by its reason (the one rule for every command that meets one). */
export const storeFailureSuggestion = (error: StoreError): string =>
  FAILURE_ADVICE[error._tag === "StoreFailure" ? error.reason ?? "other" : "other"].suggestion

const storeFailure = (error: StoreFailure): DesktopError => {
  const reason = error.reason ?? "other"
  const advice = FAILURE_ADVICE[reason]
  return new Internal({
    message: `${advice.what}: ${error.message}`,
    delivery: "not_delivered",
    details: { kind: "store_failure", reason, retryable: advice.retryable },
    suggestion: advice.suggestion
  })
}

/** Run one store operation as an Effect with contract errors. */
export const withStore = <A, E extends StoreError>(use: (store: EventStore["Service"]) => Effect.Effect<A, E>): Effect.Effect<A, DesktopError, EventStore> =>
  Effect.gen(function*() {
    const store = yield* EventStore
    return yield* use(store).pipe(Effect.mapError(fromStoreError))
  })

export const loadSnapshot = (namespace: string, snapshotId: string): Effect.Effect<StoredSnapshot, DesktopError, EventStore> =>
  withStore((store) => store.loadSnapshot(namespace, snapshotId))

export const saveSnapshot = (namespace: string, snapshot: SavedSnapshot): Effect.Effect<void, DesktopError, EventStore> =>
  Effect.asVoid(withStore((store) => store.saveSnapshot(namespace, snapshot)))

/** The state root the store opened (exports default under it). */
export const stateRoot: Effect.Effect<string, never, EventStore> = Effect.gen(function*() {
  return (yield* EventStore).core.stateRoot
})

