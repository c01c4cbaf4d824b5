/**
 * Opening the PostgreSQL store: a worker with one connection, the schema migrated under the store's lock (many
 * machines may start at once), a newer schema refused. The URL is the one `pg` reads (`postgres://user:pw@host/db`,
 * `postgres:///db?host=/run/postgresql` for a Unix socket); the connection's own settings there win over ours.
 */
import { createRequire } from "node:module"
import { POSTGRES_MIGRATIONS } from "../schema/postgres.js"
import { latestVersion, stepsBetween } from "../schema/Migration.js"
import { StoreFailure } from "../StoreErrors.js"
import type { PgError } from "./pgErrors.js"
import { PostgresDriver, type WorkerChannel, type WorkerReply, type WorkerRequest } from "./PostgresDriver.js"
import { PG_WORKER_SOURCE } from "./pgWorkerSource.js"
import { SyncWorker } from "./SyncWorker.js"

export const POSTGRES_SCHEMA_VERSION = latestVersion(POSTGRES_MIGRATIONS)

/** Connecting (worker start and `pg` load included) may take this long before the store is unreachable. */
export const CONNECT_TIMEOUT_MS = 10_000

/** The URL without its password, for messages and `databasePath`. */
export const redactUrl = (url: string): string =>
  url
    .replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, "$1:*****@")
    .replace(/([?&]password=)[^&]*/i, "$1*****")

const resolvePg = (): string => {
  // In the CLI's CommonJS bundle `require` is the bundle's own; in ES modules it is made from this file's URL.
  const resolver = typeof require === "function" ? require : createRequire(import.meta.url)
  try {
    return resolver.resolve("pg")
  } catch (error) {
    throw new StoreFailure({
      message: "A PostgreSQL store needs the `pg` package next to agent-desktop (npm install pg@8.23.1)",
      cause: error,
      reason: "other"
    })
  }
}

const codeOf = (error: unknown): string | undefined => ((error as { cause?: PgError }).cause)?.code

const VERSION_TABLE = "agent_desktop_schema"

/** The schema version, 0 for a database the store has never used. */
export const postgresVersion = (driver: PostgresDriver): number => {
  try {
    return Number(driver.query(`SELECT version FROM ${VERSION_TABLE} WHERE id = 1`)[0]?.["version"] ?? 0)
  } catch (error) {
    if (codeOf(error) === "42P01") return 0
    throw error
  }
}

/** Moves the schema to `target` (up or down) in one transaction, under the store's lock. */
export const migratePostgres = (driver: PostgresDriver, target: number): void => {
  driver.transaction(() => {
    driver.exec(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`)
    const current = Number(driver.query(`SELECT version FROM ${VERSION_TABLE} WHERE id = 1`)[0]?.["version"] ?? 0)
    if (current === target) return
    if (current === 0 && target > 0 && driver.query(`SELECT to_regclass('events') IS NOT NULL AS taken`)[0]?.["taken"] === true) {
      throw new StoreFailure({
        message: "The database already has an `events` table that is not agent-desktop's; use a database of its own",
        cause: "events",
        reason: "foreign"
      })
    }
    for (const step of stepsBetween(POSTGRES_MIGRATIONS, current, target)) driver.exec(step.sql)
    driver.query(
      `INSERT INTO ${VERSION_TABLE} (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version`,
      [target]
    )
  })
}

export interface PostgresOpenOptions {
  readonly busyTimeoutMs: number
  /** Migrate to this version instead of the latest (tests of the migrations). */
  readonly schemaVersion?: number
  /** Wraps the worker channel (tests that lose an answer on purpose). */
  readonly channel?: (worker: WorkerChannel) => WorkerChannel
}

/** The worker holding one connection to `url`. */
export const postgresWorker = (url: string): WorkerChannel =>
  new SyncWorker<WorkerRequest, WorkerReply>(PG_WORKER_SOURCE, {
    pgPath: resolvePg(),
    config: {
      connectionString: url,
      application_name: "agent-desktop",
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // A writer that vanished mid-transaction (a network partition) must not hold the store's lock for long.
      options: "-c idle_in_transaction_session_timeout=30000"
    }
  })

export const openPostgresDriver = (url: string, options: PostgresOpenOptions): PostgresDriver => {
  const label = `The PostgreSQL store ${redactUrl(url)}`
  const worker = postgresWorker(url)
  const channel = options.channel === undefined ? worker : options.channel(worker)
  const driver = new PostgresDriver(channel, { busyTimeoutMs: options.busyTimeoutMs, callTimeoutMs: CONNECT_TIMEOUT_MS + 5_000, label })
  try {
    const target = options.schemaVersion ?? POSTGRES_SCHEMA_VERSION
    const version = postgresVersion(driver)
    if (version > POSTGRES_SCHEMA_VERSION) {
      throw new StoreFailure({ message: `${label} was written by a newer agent-desktop (schema ${version})`, cause: version, reason: "foreign" })
    }
    if (version !== target) migratePostgres(driver, target)
    return driver
  } catch (error) {
    driver.close()
    throw error
  }
}
