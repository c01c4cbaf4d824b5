/**
 * PostgreSQL behind the store's synchronous driver interface (sql/SqlDriver.ts). Every call is one round trip to
 * the worker that holds the connection (SyncWorker.ts, pgWorkerSource.ts).
 *
 * Write transactions keep SQLite's guarantees on a server shared by many machines:
 * - one writer at a time per database: each takes the same transaction-scoped advisory lock first (waiting at most
 *   its busy budget, then `busy`), so per-stream seqs are assigned gaplessly, projections (retention, drill-downs,
 *   session ids) read a state no one else is changing, and positions are handed out in commit order — a reader
 *   following `position` never sees a later one before an earlier one;
 * - a commit whose answer was lost (the connection broke during COMMIT) is not guessed at: the transaction's id,
 *   taken at its start, is looked up on a new connection (`pg_xact_status`, after taking the lock, which the old
 *   transaction holds until it has really ended), so a write reported as failed was not made, and one reported as
 *   made is there.
 */
import type { DriverName, Row, SqlDriver, SqlStatement, SqlValue, TransactionOptions } from "../sql/SqlDriver.js"
import { StoreFailure } from "../StoreErrors.js"
import { pgFailure, type PgError } from "./pgErrors.js"
import { WorkerTimeout } from "./SyncWorker.js"

/** The advisory lock every write transaction of the store takes ("agentdsk" as a number). */
export const STORE_LOCK_KEY = 0x6167656e74647368n

export interface WorkerRequest {
  readonly op: "query" | "end"
  /** Whether a lost connection may be replaced for this request (never inside a transaction). */
  readonly reconnect?: boolean
  readonly text?: string
  readonly values?: ReadonlyArray<SqlValue>
  readonly name?: string
}

export type WorkerReply =
  | { readonly ok: true; readonly rows: Array<Row>; readonly rowCount?: number | null; readonly pid: number }
  | { readonly ok: false; readonly error: PgError }

/** What the driver needs of its worker (SyncWorker.ts; a test wraps it to lose an answer on purpose). */
export interface WorkerChannel {
  call(request: WorkerRequest, timeoutMs: number): WorkerReply
  readonly running: boolean
  stop(): void
}

export interface PostgresDriverOptions {
  /** Lock wait before a write fails busy (SQLite's busy timeout). */
  readonly busyTimeoutMs: number
  /** How long one round trip may take beyond any lock wait before the connection is given up (unreachable). */
  readonly callTimeoutMs: number
  /** Shown in errors instead of the URL (no password). */
  readonly label: string
}

/** `?` placeholders as `$1..$n`, outside quoted text. */
export const numberedPlaceholders = (sql: string): string => {
  let n = 0
  let out = ""
  let quote: string | undefined
  for (const char of sql) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined
    } else if (char === "'" || char === "\"") {
      quote = char
    } else if (char === "?") {
      out += `$${++n}`
      continue
    }
    out += char
  }
  return out
}

export class PostgresDriver implements SqlDriver {
  readonly name: DriverName = "postgres"
  readonly dialect = "postgres" as const
  #open = true
  #depth = 0
  #names = new Map<string, string>()
  #lastPid = 0

  constructor(
    private readonly worker: WorkerChannel,
    private readonly options: PostgresDriverOptions
  ) {}

  get isOpen(): boolean {
    return this.#open
  }

  /** The server process of the current connection (0 before the first query): what a test terminates. */
  get backendPid(): number {
    return this.#lastPid
  }

  #call(request: WorkerRequest, waitMs = 0): Array<Row> {
    return this.#send(request, waitMs).rows
  }

  #send(request: WorkerRequest, waitMs = 0): { readonly rows: Array<Row>; readonly rowCount: number } {
    if (this.#depth > 0 && request.reconnect === undefined) request = { ...request, reconnect: false }
    if (!this.#open) throw new StoreFailure({ message: `${this.options.label} is closed`, cause: undefined, reason: "other" })
    let reply: WorkerReply
    try {
      reply = this.worker.call(request, this.options.callTimeoutMs + waitMs)
    } catch (error) {
      const timedOut = error instanceof WorkerTimeout
      throw new StoreFailure({
        message: timedOut
          ? `${this.options.label} did not answer within ${this.options.callTimeoutMs + waitMs} ms; the connection was closed`
          : `${this.options.label}: ${(error as Error).message}`,
        cause: error,
        reason: "unreachable"
      })
    }
    if (!reply.ok) throw pgFailure(reply.error, this.options.label)
    this.#lastPid = reply.pid
    return { rows: reply.rows, rowCount: reply.rowCount ?? reply.rows.length }
  }

  prepare(sql: string): SqlStatement {
    const text = numberedPlaceholders(sql)
    let name = this.#names.get(text)
    if (name === undefined) {
      name = `ad_${this.#names.size + 1}`
      this.#names.set(text, name)
    }
    const statementName = name
    const send = (params: ReadonlyArray<SqlValue>) => this.#send({ op: "query", text, values: params, name: statementName })
    return {
      get: (...params) => send(params).rows[0],
      all: (...params) => send(params).rows,
      run: (...params) => ({ changes: send(params).rowCount })
    }
  }

  exec(sql: string): void {
    this.#call({ op: "query", text: sql })
  }

  /** Runs a query outside any statement cache (migrations, the commit check). */
  query(sql: string, values: ReadonlyArray<SqlValue> = [], waitMs = 0): Array<Row> {
    return this.#call({ op: "query", text: numberedPlaceholders(sql), values }, waitMs)
  }

  transaction<A>(body: () => A, options: TransactionOptions = {}): A {
    if (this.#depth > 0) return this.#savepoint(body)
    const wait = Math.max(0, Math.floor(options.busyTimeoutMs ?? this.options.busyTimeoutMs))
    let xid: string
    try {
      xid = this.#begin(wait)
    } catch (error) {
      // BEGIN went through and the lock wait (or anything after it) failed: end that transaction, or the
      // connection stays in it and refuses every later statement.
      this.#rollback()
      throw error
    }
    this.#depth++
    let result: A
    try {
      result = body()
    } catch (error) {
      this.#depth--
      this.#rollback()
      throw error
    }
    this.#depth--
    this.#commit(xid, wait)
    return result
  }

  /** BEGIN, the lock and the transaction's id in one round trip. */
  #begin(waitMs: number): string {
    const rows = this.#call({
      op: "query",
      text: `BEGIN; SET LOCAL lock_timeout = ${waitMs === 0 ? 1 : waitMs}; ` +
        `SELECT pg_current_xact_id()::text AS xid FROM (SELECT pg_advisory_xact_lock(${STORE_LOCK_KEY})) AS locked`
    }, waitMs)
    return String(rows[0]!["xid"])
  }

  #rollback(): void {
    try {
      this.#call({ op: "query", text: "ROLLBACK", reconnect: false })
    } catch {
      // A lost connection took the transaction with it; the server rolled it back.
    }
  }

  #commit(xid: string, waitMs: number): void {
    try {
      this.#call({ op: "query", text: "COMMIT", reconnect: false })
    } catch (error) {
      if ((error as StoreFailure).reason !== "unreachable") throw error
      if (this.#committed(xid, waitMs, error as StoreFailure)) return
      throw error
    }
  }

  /** After a COMMIT whose answer was lost: whether it took effect, asked on a new connection once the lock is free. */
  #committed(xid: string, waitMs: number, lost: StoreFailure): boolean {
    let status: unknown
    try {
      const rows = this.#call({
        op: "query",
        text: `BEGIN; SET LOCAL lock_timeout = ${Math.max(waitMs, 1)}; ` +
          `SELECT pg_xact_status('${xid}'::xid8) AS status FROM (SELECT pg_advisory_xact_lock(${STORE_LOCK_KEY})) AS locked`
      }, waitMs)
      status = rows[0]?.["status"]
      this.#call({ op: "query", text: "COMMIT" })
    } catch (error) {
      throw new StoreFailure({
        message: `${lost.message}; whether the last write was committed could not be checked (${(error as Error).message})`,
        cause: error,
        reason: "unreachable"
      })
    }
    return status === "committed"
  }

  #savepoint<A>(body: () => A): A {
    const name = `nested_${this.#depth}`
    this.exec(`SAVEPOINT ${name}`)
    this.#depth++
    try {
      const result = body()
      this.exec(`RELEASE SAVEPOINT ${name}`)
      return result
    } catch (error) {
      try {
        this.exec(`ROLLBACK TO SAVEPOINT ${name}`)
      } catch {
        // The outer transaction is failing too; its rollback undoes this.
      }
      throw error
    } finally {
      this.#depth--
    }
  }

  close(): void {
    if (!this.#open) return
    try {
      if (this.worker.running) this.#call({ op: "end" })
    } catch {
      // Closing a connection that is already gone.
    } finally {
      this.#open = false
      this.worker.stop()
    }
  }

  /** Ends the worker without a goodbye: what an exiting one-shot process does (the socket closes with it). */
  abandon(): void {
    this.#open = false
    this.worker.stop()
  }
}
