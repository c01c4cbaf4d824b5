/**
 * What every part of the store works with: the open database (any driver), its prepared statements, the clock and
 * the origin stamped on each event. `write` runs a body as one write transaction (nested calls run inside the
 * outer one), `read` without one; both rethrow any failure as a tagged store error.
 */
import type { Origin } from "../Origin.js"
import type { SqlDriver, TransactionOptions } from "../sql/SqlDriver.js"
import type { Statements } from "../Statements.js"
import { toStoreError } from "../StoreErrors.js"

export interface StoreContext {
  readonly db: SqlDriver
  readonly sql: Statements
  readonly now: () => number
  readonly origin: Origin
}

export const write = <A>(context: StoreContext, body: () => A, options: TransactionOptions = {}): A => {
  try {
    return context.db.transaction(body, options)
  } catch (error) {
    throw toStoreError(error)
  }
}

export const read = <A>(body: () => A): A => {
  try {
    return body()
  } catch (error) {
    throw toStoreError(error)
  }
}

/** `LIMIT ?` when a limit is given: SQLite reads -1 as none, PostgreSQL refuses it, so no clause says none. */
export const limitClause = (limit: number | undefined): string => (limit === undefined || limit < 0 ? "" : " LIMIT ?")

/** Parameters for `substr(column, 1, ?) = ?`, the prefix test both dialects read alike (length in characters). */
export const prefixParams = (prefix: string): [number, string] => [Array.from(prefix).length, prefix]
