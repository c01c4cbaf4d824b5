/**
 * The node:sqlite binding (Node >= 22.13 without a flag): SQLite inside Node itself, so an install needs no native
 * build. Loaded with `process.getBuiltinModule`, which answers `undefined` (or throws) where it does not exist, so
 * this module loads on every Node the project supports. Its errors carry the SQLite code as a number; they leave
 * here with the name better-sqlite3 would give (sqliteErrors.ts).
 */
import type { SqliteConnection } from "./SqliteDriver.js"
import { withSqliteCode } from "./sqliteErrors.js"
import type { Row, SqlValue } from "./SqlDriver.js"

interface NodeSqliteStatement {
  get(...params: ReadonlyArray<SqlValue>): Row | undefined
  all(...params: ReadonlyArray<SqlValue>): Array<Row>
  run(...params: ReadonlyArray<SqlValue>): { changes: number | bigint }
}

interface NodeSqliteDatabase {
  exec(sql: string): void
  prepare(sql: string): NodeSqliteStatement
  close(): void
  readonly isOpen?: boolean
  readonly isTransaction?: boolean
}

interface NodeSqliteModule {
  readonly DatabaseSync: new (file: string, options?: { readonly timeout?: number }) => NodeSqliteDatabase
}

let loaded: NodeSqliteModule | null | undefined

/**
 * Loads node:sqlite without its "SQLite is an experimental feature" warning (Node 22 prints one on stderr when the
 * module loads): the store's use of it is tested on every supported Node, and the CLI's, wave's and the MCP server's
 * stderr is their user's, not Node's. Any other warning passes through.
 */
const withoutSqliteWarning = <A>(load: () => A): A => {
  const emitWarning = process.emitWarning
  process.emitWarning = function(this: unknown, warning: string | Error, ...rest: Array<unknown>) {
    const text = typeof warning === "string" ? warning : warning.message
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type ?? (warning as Error).name
    if (type === "ExperimentalWarning" && /SQLite/.test(text)) return
    return (emitWarning as (...args: Array<unknown>) => void).call(process, warning, ...rest)
  } as typeof process.emitWarning
  try {
    return load()
  } finally {
    process.emitWarning = emitWarning
  }
}

/** node:sqlite, or undefined on a Node without it (20, or 22 before 22.13 without --experimental-sqlite). */
export const nodeSqliteModule = (): NodeSqliteModule | undefined => {
  if (loaded === undefined) {
    try {
      loaded = withoutSqliteWarning(() => process.getBuiltinModule?.("node:sqlite") as NodeSqliteModule | undefined) ?? null
    } catch {
      loaded = null
    }
  }
  return loaded ?? undefined
}

const coded = <A>(run: () => A): A => {
  try {
    return run()
  } catch (error) {
    throw withSqliteCode(error)
  }
}

export const openNodeSqlite = (file: string, busyTimeoutMs: number): SqliteConnection => {
  const sqlite = nodeSqliteModule()
  if (sqlite === undefined) throw new Error(`node:sqlite is not available in Node ${process.version} (it needs Node 22.13 or later)`)
  const db = coded(() => new sqlite.DatabaseSync(file))
  let open = true
  try {
    coded(() => db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`))
  } catch (error) {
    db.close()
    throw error
  }
  return {
    exec: (sql) => coded(() => db.exec(sql)),
    prepare: (sql) => {
      const statement = coded(() => db.prepare(sql))
      return {
        get: (...params) => coded(() => statement.get(...params)),
        all: (...params) => coded(() => statement.all(...params)),
        run: (...params) => coded(() => ({ changes: Number(statement.run(...params).changes) }))
      }
    },
    close: () => {
      open = false
      db.close()
    },
    get isOpen() {
      return db.isOpen ?? open
    },
    // Older 22.x lack isTransaction: then a rollback is attempted and SQLite's "no transaction" is ignored.
    get inTransaction() {
      return db.isTransaction ?? true
    }
  }
}
