/**
 * The better-sqlite3 binding. Its JavaScript is required on the first open (loadBetterSqlite3.ts) and its native
 * addon in the Database constructor, so a process that uses node:sqlite never touches either: the package may be
 * absent, or present with a missing or mismatched `.node` file. When this binding is chosen and cannot load, the
 * failure is a StoreFailure of reason `binding` that says what is missing and how to get it.
 */
import { StoreFailure } from "../StoreErrors.js"
import { nodeSqliteModule } from "./nodeSqlite.js"
import { requireBetterSqlite3, type BetterSqlite3Database } from "./loadBetterSqlite3.js"
import type { SqliteConnection } from "./SqliteDriver.js"
import type { SqlValue } from "./SqlDriver.js"

/** What is missing when better-sqlite3 fails to load, or undefined for any other failure (a SQLite error). */
const unloadable = (error: unknown): string | undefined => {
  const { code, message } = error as { code?: unknown; message?: unknown }
  const text = String(message)
  if (code === "MODULE_NOT_FOUND" && /'better-sqlite3(\/package\.json)?'/.test(text)) return "the better-sqlite3 package is not installed"
  if (/bindings file|better_sqlite3\.node/.test(text) && code !== "ERR_DLOPEN_FAILED") return "better-sqlite3's native addon was never built"
  if (code === "ERR_DLOPEN_FAILED") return `better-sqlite3's native addon does not load in this Node (${text.replace(/\s+/g, " ").slice(0, 300)})`
  return undefined
}

const bindingFailure = (why: string, error: unknown): StoreFailure =>
  new StoreFailure({
    message: `The SQLite binding better-sqlite3 cannot be loaded: ${why}; ` +
      (nodeSqliteModule() === undefined
        ? `Node ${process.version} has no node:sqlite (Node 22.13 or later has), so the store needs better-sqlite3`
        : `Node ${process.version} has node:sqlite, which AGENT_DESKTOP_SQLITE=better-sqlite3 set aside`),
    cause: error,
    reason: "binding"
  })

let loaded: BetterSqlite3Database | undefined

const open = (file: string, busyTimeoutMs: number) => {
  try {
    loaded ??= requireBetterSqlite3()
    return new loaded(file, { timeout: busyTimeoutMs })
  } catch (error) {
    const why = unloadable(error)
    throw why === undefined ? error : bindingFailure(why, error)
  }
}

export const openBetterSqlite3 = (file: string, busyTimeoutMs: number): SqliteConnection => {
  const db = open(file, busyTimeoutMs)
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
