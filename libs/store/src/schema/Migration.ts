/**
 * Versioned schema changes, one list per dialect (SQLite: `schema/sqlite.ts`, PostgreSQL: `schema/postgres.ts`),
 * numbered alike so a version means the same tables on both. Each step has its way back (`down`), which the tests
 * run: up to the latest, down to nothing, up again, with events kept across every step that keeps their table.
 */
export interface Migration {
  readonly version: number
  readonly description: string
  readonly up: string
  readonly down: string
}

/** The events table is the source of truth; every other table is a projection `rebuildProjections` recreates. */
export const PROJECTION_TABLES = ["snapshots", "sessions", "trace_events", "open_invocations", "invocations"] as const

export const latestVersion = (migrations: ReadonlyArray<Migration>): number => migrations[migrations.length - 1]!.version

/** The steps from `from` to `to`, in the order to run them (down steps newest first). */
export const stepsBetween = (
  migrations: ReadonlyArray<Migration>,
  from: number,
  to: number
): ReadonlyArray<{ readonly sql: string; readonly version: number }> =>
  to >= from
    ? migrations.filter((m) => m.version > from && m.version <= to).map((m) => ({ sql: m.up, version: m.version }))
    : migrations.filter((m) => m.version <= from && m.version > to).reverse().map((m) => ({ sql: m.down, version: m.version - 1 }))
