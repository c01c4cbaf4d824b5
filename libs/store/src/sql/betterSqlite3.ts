/**
 * The better-sqlite3 binding. Importing its JavaScript does not load the native addon (that happens in the
 * Database constructor), so a process that uses node:sqlite never touches a missing or mismatched `.node` file.
 */
import Database from "better-sqlite3"
import type { SqliteConnection } from "./SqliteDriver.js"
import type { SqlValue } from "./SqlDriver.js"

export const openBetterSqlite3 = (file: string, busyTimeoutMs: number): SqliteConnection => {
  const db = new Database(file, { timeout: busyTimeoutMs })
  return {
    exec: (sql) => {
      db.exec(sql)
    },
    prepare: (sql) => {
      const statement = db.prepare(sql)
      // INSERT ... RETURNING reads rows, so it is run with get(); `run` serves statements without results.
      return {
        get: (...params: ReadonlyArray<SqlValue>) => statement.get(...params) as Record<string, unknown> | undefined,
        all: (...params: ReadonlyArray<SqlValue>) => statement.all(...params) as Array<Record<string, unknown>>,
        run: (...params: ReadonlyArray<SqlValue>) => ({ changes: statement.run(...params).changes })
      }
    },
    close: () => db.close(),
    get isOpen() {
      return db.open
    },
    get inTransaction() {
      return db.inTransaction
    }
  }
}
