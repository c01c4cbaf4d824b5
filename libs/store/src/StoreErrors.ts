/**
 * The store's typed failures. They extend Error, so the synchronous core can throw them and the Effect service
 * can pass them through unchanged as typed failures.
 */
import { Data } from "effect"

/** `$AGENT_DESKTOP_HOME` is relative, the state root is a symlink, or it cannot be made private. */
export class InvalidHome extends Data.TaggedError("InvalidHome")<{ readonly message: string; readonly path: string }> {}

/** The snapshot id is unknown in this namespace, or retention pruned it. */
export class SnapshotNotFound extends Data.TaggedError("SnapshotNotFound")<{
  readonly message: string
  readonly namespace: string
  readonly snapshotId: string
}> {}

/** A drill-down named a root ref that its snapshot does not hold. */
export class RootRefNotFound extends Data.TaggedError("RootRefNotFound")<{
  readonly message: string
  readonly snapshotId: string
  readonly rootRef: string
}> {}

/** A RefMap larger than the 1 MiB the reference allows. */
export class RefMapTooLarge extends Data.TaggedError("RefMapTooLarge")<{
  readonly message: string
  readonly bytes: number
}> {}

export class SessionNotFound extends Data.TaggedError("SessionNotFound")<{
  readonly message: string
  readonly sessionId: string
}> {}

export class SessionExists extends Data.TaggedError("SessionExists")<{
  readonly message: string
  readonly sessionId: string
}> {}

/** A session id or namespace outside 1-64 of [A-Za-z0-9_-] ("global" is reserved for the global namespace). */
export class InvalidSessionId extends Data.TaggedError("InvalidSessionId")<{
  readonly message: string
  readonly sessionId: string
}> {}

/** SQLite or the file system failed underneath (disk full, corrupt file, lock held past busy_timeout). */
export class StoreFailure extends Data.TaggedError("StoreFailure")<{ readonly message: string; readonly cause: unknown }> {}

export type StoreError =
  | InvalidHome
  | SnapshotNotFound
  | RootRefNotFound
  | RefMapTooLarge
  | SessionNotFound
  | SessionExists
  | InvalidSessionId
  | StoreFailure

const TAGS: ReadonlySet<string> = new Set([
  "InvalidHome", "SnapshotNotFound", "RootRefNotFound", "RefMapTooLarge", "SessionNotFound", "SessionExists",
  "InvalidSessionId", "StoreFailure"
])

export const isStoreError = (error: unknown): error is StoreError =>
  typeof error === "object" && error !== null && TAGS.has((error as { _tag?: string })._tag ?? "")

export const toStoreError = (error: unknown): StoreError =>
  isStoreError(error)
    ? error
    : new StoreFailure({ message: error instanceof Error ? error.message : String(error), cause: error })
