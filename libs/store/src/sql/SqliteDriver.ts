/**
 * SQLite through either binding: better-sqlite3 (a native addon, built at install) or node:sqlite (built into
 * Node >= 22.13, nothing to build). Both are synchronous and both bundle a current SQLite; this class gives them one
 * behaviour — transactions, busy timeouts, error codes — so the store above cannot tell which one it has.
 */
import type { DriverName, Row, SqlDriver, SqlStatement, SqlValue, TransactionOptions } from "./SqlDriver.js"

/** What the store needs of a binding's connection. */
export interface SqliteConnection {
  exec(sql: string): void
  prepare(sql: string): SqlStatement
  close(): void
  readonly isOpen: boolean
  readonly inTransaction: boolean
}

export class SqliteDriver implements SqlDriver {
  readonly dialect = "sqlite" as const
  #depth = 0

  constructor(
    readonly name: Exclude<DriverName, "postgres">,
    private readonly connection: SqliteConnection,
    private readonly busyTimeoutMs: number
  ) {}

  get isOpen(): boolean {
    return this.connection.isOpen
  }

  prepare(sql: string): SqlStatement {
    return this.connection.prepare(sql)
  }

  exec(sql: string): void {
    this.connection.exec(sql)
  }

  transaction<A>(body: () => A, options: TransactionOptions = {}): A {
    if (this.#depth > 0) return this.#savepoint(body)
    const budget = options.busyTimeoutMs
    if (budget !== undefined) this.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(budget))}`)
    try {
      this.exec("BEGIN IMMEDIATE")
      this.#depth++
      try {
        const result = body()
        this.exec("COMMIT")
        return result
      } catch (error) {
        // SQLite may have rolled back already (a full disk, an I/O error); then there is nothing to undo.
        if (this.connection.inTransaction) this.exec("ROLLBACK")
        throw error
      } finally {
        this.#depth--
      }
    } finally {
      if (budget !== undefined) this.exec(`PRAGMA busy_timeout = ${this.busyTimeoutMs}`)
    }
  }

  #savepoint<A>(body: () => A): A {
    const name = `nested_${this.#depth}`
    this.exec(`SAVEPOINT ${name}`)
    this.#depth++
    try {
      const result = body()
      this.exec(`RELEASE ${name}`)
      return result
    } catch (error) {
      if (this.connection.inTransaction) this.exec(`ROLLBACK TO ${name}; RELEASE ${name}`)
      throw error
    } finally {
      this.#depth--
    }
  }

  close(): void {
    if (this.connection.isOpen) this.connection.close()
  }
}

export type { Row, SqlValue }
