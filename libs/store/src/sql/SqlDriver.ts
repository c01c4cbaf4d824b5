/**
 * The one seam between the store's logic and a database: three drivers (better-sqlite3, node:sqlite, PostgreSQL)
 * behind a synchronous interface, so every method of the store is written once, runs the same statements in the
 * same transactions on each backend, and the CLI's hot path stays free of Effect and promises.
 *
 * Statements use `?` placeholders and the SQL both dialects share (upserts as `ON CONFLICT`, `RETURNING`); the few
 * differences are the schema (per dialect, in migrations) and what `dialect` lets a caller choose.
 */
export type SqlValue = string | number | bigint | null

export type Row = Record<string, unknown>

export interface SqlStatement {
  get(...params: ReadonlyArray<SqlValue>): Row | undefined
  all(...params: ReadonlyArray<SqlValue>): Array<Row>
  run(...params: ReadonlyArray<SqlValue>): { readonly changes: number }
}

export type SqlDialect = "sqlite" | "postgres"

export type DriverName = "better-sqlite3" | "node:sqlite" | "postgres"

export interface TransactionOptions {
  /** How long to wait for another writer's lock before failing busy; the driver's default otherwise. */
  readonly busyTimeoutMs?: number
}

export interface SqlDriver {
  readonly name: DriverName
  readonly dialect: SqlDialect
  readonly isOpen: boolean
  prepare(sql: string): SqlStatement
  /** Statements without parameters or results (schema, pragmas, deletes of whole tables). */
  exec(sql: string): void
  /**
   * One write transaction: nothing else writes while `body` runs (SQLite `BEGIN IMMEDIATE`; PostgreSQL one
   * transaction-scoped advisory lock per database), committed when it returns, rolled back when it throws. A nested
   * call runs inside the outer one.
   */
  transaction<A>(body: () => A, options?: TransactionOptions): A
  close(): void
}
