/**
 * What every part of the store works with: the open database, its prepared statements and the clock. `write` runs
 * a body as one `BEGIN IMMEDIATE` transaction (nested calls become savepoints), `read` without one; both rethrow
 * any failure as a tagged store error.
 */
import type Database from "better-sqlite3"
import type { Statements } from "../Statements.js"
import { toStoreError } from "../StoreErrors.js"

export interface StoreContext {
  readonly db: Database.Database
  readonly sql: Statements
  readonly now: () => number
}

export const write = <A>(context: StoreContext, body: () => A): A => {
  try {
    return context.db.transaction(body).immediate()
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
