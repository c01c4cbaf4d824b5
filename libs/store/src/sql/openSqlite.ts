/**
 * Which SQLite binding opens the store. node:sqlite where Node has it (>= 22.13: no native build, nothing to
 * install), better-sqlite3 elsewhere (Node 20). `AGENT_DESKTOP_SQLITE=better-sqlite3|node:sqlite` forces one (the
 * tests and the bench run both); asking for node:sqlite where it does not exist fails with the reason.
 */
import { openBetterSqlite3 } from "./betterSqlite3.js"
import { nodeSqliteModule, openNodeSqlite } from "./nodeSqlite.js"
import { SqliteDriver } from "./SqliteDriver.js"

export type SqliteBinding = "better-sqlite3" | "node:sqlite"

export const SQLITE_BINDING_ENV = "AGENT_DESKTOP_SQLITE"

export const chooseSqliteBinding = (env: Readonly<Record<string, string | undefined>> = process.env): SqliteBinding => {
  const wanted = env[SQLITE_BINDING_ENV]
  if (wanted === "better-sqlite3" || wanted === "node:sqlite") return wanted
  if (wanted !== undefined && wanted !== "") {
    throw new Error(`${SQLITE_BINDING_ENV} must be better-sqlite3 or node:sqlite, not '${wanted}'`)
  }
  return nodeSqliteModule() === undefined ? "better-sqlite3" : "node:sqlite"
}

export const openSqliteDriver = (file: string, binding: SqliteBinding, busyTimeoutMs: number): SqliteDriver =>
  new SqliteDriver(
    binding,
    binding === "node:sqlite" ? openNodeSqlite(file, busyTimeoutMs) : openBetterSqlite3(file, busyTimeoutMs),
    busyTimeoutMs
  )
