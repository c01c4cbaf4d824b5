/**
 * The store's typed failures: Error subclasses with a `_tag`, so the synchronous core can throw them and the
 * Effect service passes them through unchanged as typed failures (`Effect.catchTag` reads `_tag`). They do not
 * extend `Data.TaggedError` on purpose: loading effect costs the CLI ~20 ms per call, and the core must be usable
 * without it.
 */
type TaggedErrorClass<Tag extends string> = new <Fields extends { readonly message: string }>(
  fields: Fields
) => Error & Readonly<Fields> & { readonly _tag: Tag }

const TaggedError = <Tag extends string>(tag: Tag): TaggedErrorClass<Tag> =>
  class extends Error {
    readonly _tag = tag
    constructor(fields: { readonly message: string }) {
      super(fields.message)
      this.name = tag
      Object.assign(this, fields)
    }
  } as TaggedErrorClass<Tag>

/** `$AGENT_DESKTOP_HOME` is relative, the state root is a symlink, or it cannot be made private. */
export class InvalidHome extends TaggedError("InvalidHome")<{ readonly message: string; readonly path: string }> {}

/** The snapshot id is unknown in this namespace, or retention pruned it. */
export class SnapshotNotFound extends TaggedError("SnapshotNotFound")<{
  readonly message: string
  readonly namespace: string
  readonly snapshotId: string
}> {}

/** A drill-down named a root ref that its snapshot does not hold. */
export class RootRefNotFound extends TaggedError("RootRefNotFound")<{
  readonly message: string
  readonly snapshotId: string
  readonly rootRef: string
}> {}

/** A RefMap larger than MAX_REFMAP_BYTES (core/SnapshotRepository.ts). */
export class RefMapTooLarge extends TaggedError("RefMapTooLarge")<{
  readonly message: string
  readonly bytes: number
}> {}

export class SessionNotFound extends TaggedError("SessionNotFound")<{
  readonly message: string
  readonly sessionId: string
}> {}

export class SessionExists extends TaggedError("SessionExists")<{
  readonly message: string
  readonly sessionId: string
}> {}

/** A session id or namespace outside 1-64 of [A-Za-z0-9_-] ("global" is reserved for the global namespace). */
export class InvalidSessionId extends TaggedError("InvalidSessionId")<{
  readonly message: string
  readonly sessionId: string
}> {}

/**
 * An append made on a stream's state that another writer changed first (`AppendOptions.expectedSeq`): nothing was
 * written. The caller reads the stream again and decides anew (the abandoned-invocation sweep then finds it closed).
 */
export class StreamConflict extends TaggedError("StreamConflict")<{
  readonly message: string
  readonly stream: string
  readonly expectedSeq: number
  readonly actualSeq: number
}> {}

/**
 * What went wrong underneath, as far as SQLite or the file system says: another process holds the lock past the
 * busy timeout, the disk is full, the file or its directory is read-only or not ours, the file is damaged or not
 * an agent-desktop database, the PostgreSQL server cannot be reached (or its connection broke), the SQLite binding
 * cannot be loaded (better-sqlite3 absent or unbuilt where node:sqlite is not used); `other` when nothing says more.
 */
export type StoreFailureReason =
  | "busy"
  | "full"
  | "read_only"
  | "permission"
  | "corrupt"
  | "foreign"
  | "unreachable"
  | "binding"
  | "other"

/** SQLite or the file system failed underneath (disk full, corrupt file, lock held past busy_timeout). */
export class StoreFailure extends TaggedError("StoreFailure")<{
  readonly message: string
  readonly cause: unknown
  readonly reason?: StoreFailureReason
}> {}

const codeOf = (error: unknown): string =>
  typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : ""

/** The reason a SQLite or fs error code names (better-sqlite3 puts the extended SQLite code in `code`). */
export const failureReason = (error: unknown): StoreFailureReason => {
  const code = codeOf(error)
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy"
  if (code === "SQLITE_FULL" || code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_IOERR_WRITE" && /full/i.test(String((error as Error).message))) return "full"
  if (code.startsWith("SQLITE_READONLY") || code === "EROFS") return "read_only"
  if (code === "SQLITE_PERM" || code === "SQLITE_AUTH" || code === "EACCES" || code === "EPERM" || code === "SQLITE_CANTOPEN") return "permission"
  if (code === "SQLITE_NOTADB") return "foreign"
  if (code.startsWith("SQLITE_CORRUPT")) return "corrupt"
  return "other"
}

export type StoreError =
  | InvalidHome
  | SnapshotNotFound
  | RootRefNotFound
  | RefMapTooLarge
  | SessionNotFound
  | SessionExists
  | InvalidSessionId
  | StreamConflict
  | StoreFailure

const TAGS: ReadonlySet<string> = new Set([
  "InvalidHome", "SnapshotNotFound", "RootRefNotFound", "RefMapTooLarge", "SessionNotFound", "SessionExists",
  "InvalidSessionId", "StreamConflict", "StoreFailure"
])

export const isStoreError = (error: unknown): error is StoreError =>
  typeof error === "object" && error !== null && TAGS.has((error as { _tag?: string })._tag ?? "")

export const toStoreError = (error: unknown): StoreError =>
  isStoreError(error)
    ? error
    : new StoreFailure({ message: error instanceof Error ? error.message : String(error), cause: error, reason: failureReason(error) })
