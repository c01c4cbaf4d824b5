/**
 * Opening the SQLite file: WAL so readers never block the writer, a busy timeout so concurrent CLI processes
 * queue instead of failing, and the schema migrated once per file (tracked by `user_version`).
 */
import { SQLITE_MIGRATIONS } from "./schema/sqlite.js"
import { latestVersion, stepsBetween } from "./schema/Migration.js"
import { chooseSqliteBinding, openSqliteDriver, type SqliteBinding } from "./sql/openSqlite.js"
import type { SqlDriver } from "./sql/SqlDriver.js"
import { StoreFailure } from "./StoreErrors.js"

export const BUSY_TIMEOUT_MS = 10_000

export const SQLITE_SCHEMA_VERSION = latestVersion(SQLITE_MIGRATIONS)

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown })?.code === "string" && (error as { code: string }).code.startsWith("SQLITE_BUSY")

/** Switching to WAL needs a moment of exclusive access, which SQLite does not wait for on its own. */
const withBusyRetry = <A>(operation: () => A): A => {
  const deadline = Date.now() + BUSY_TIMEOUT_MS
  for (let attempt = 0; ; attempt++) {
    try {
      return operation()
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error
      sleep(Math.min(5 + attempt * 5, 50))
    }
  }
}

const OUR_TABLES: ReadonlySet<string> = new Set([
  "events", "snapshots", "sessions", "trace_events", "open_invocations", "invocations", "sqlite_sequence"
])

/** A SQLite file that holds tables of someone else's, with no schema version of ours. */
const foreignTables = (db: SqlDriver): ReadonlyArray<string> =>
  db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()
    .map((row) => String(row["name"]))
    .filter((name) => !OUR_TABLES.has(name))

/** A pragma's value (`PRAGMA name` answers one row with one column). */
export const pragma = (db: SqlDriver, name: string): unknown => {
  const row = db.prepare(`PRAGMA ${name}`).get()
  return row === undefined ? undefined : Object.values(row)[0]
}

export const userVersion = (db: SqlDriver): number => Number(pragma(db, "user_version"))

/** Moves the file's schema to `target` (up or down), in one transaction. */
export const migrateSqlite = (db: SqlDriver, target: number): void => {
  db.transaction(() => {
    const current = userVersion(db)
    if (current === target) return
    for (const step of stepsBetween(SQLITE_MIGRATIONS, current, target)) db.exec(step.sql)
    db.exec(`PRAGMA user_version = ${target}`)
  })
}

export interface OpenOptions {
  /**
   * `PRAGMA wal_autocheckpoint` for this connection (SQLite's default otherwise), with a `journal_size_limit` of
   * twice that, so a log that grew while other processes held it open is cut back when it restarts.
   */
  readonly walAutoCheckpointPages?: number
  /** The binding (sql/openSqlite.ts chooses by default). */
  readonly binding?: SqliteBinding
}

export const openDatabase = (file: string, options: OpenOptions = {}): SqlDriver => {
  const db = openSqliteDriver(file, options.binding ?? chooseSqliteBinding(), BUSY_TIMEOUT_MS)
  try {
    const version = userVersion(db)
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new StoreFailure({ message: `${file} was written by a newer agent-desktop (schema ${version})`, cause: version, reason: "foreign" })
    }
    if (version === 0) {
      const foreign = foreignTables(db)
      if (foreign.length > 0) {
        throw new StoreFailure({
          message: `${file} is a SQLite database of something else (tables ${foreign.slice(0, 5).join(", ")}); it is left untouched`,
          cause: foreign,
          reason: "foreign"
        })
      }
    }
    if (version < SQLITE_SCHEMA_VERSION) {
      withBusyRetry(() => db.exec("PRAGMA journal_mode = WAL"))
      migrateSqlite(db, SQLITE_SCHEMA_VERSION)
    }
    // One exec for the setters: no statement object and result row per pragma (each was ~0.5 ms of a cold call).
    const pages = options.walAutoCheckpointPages
    if (pages !== undefined && !(Number.isInteger(pages) && pages >= 0)) throw new RangeError(`walAutoCheckpointPages must be a whole number (0: no automatic checkpoint), not ${pages}`)
    db.exec(pages === undefined
      ? "PRAGMA synchronous = NORMAL"
      : `PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = ${pages}; PRAGMA journal_size_limit = ${pages * 2 * 4096}`)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}
