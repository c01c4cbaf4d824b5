/**
 * SQLite result codes by name. better-sqlite3 puts the (extended) name in `error.code`; node:sqlite puts
 * `ERR_SQLITE_ERROR` there and the number in `errcode`. Errors leave the drivers with the name, so the store reads
 * one vocabulary (StoreErrors.failureReason).
 */
const PRIMARY: Readonly<Record<number, string>> = {
  1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT", 5: "SQLITE_BUSY", 6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM", 8: "SQLITE_READONLY", 9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB"
}

/** The extended codes the store tells apart. */
const EXTENDED: Readonly<Record<number, string>> = { 778: "SQLITE_IOERR_WRITE", 1288: "SQLITE_READONLY_DBMOVED" }

export const sqliteCodeName = (errcode: number): string => EXTENDED[errcode] ?? PRIMARY[errcode & 0xff] ?? `SQLITE_${errcode}`

/** A node:sqlite error with the SQLite name in `code` (the original kept as `cause`). */
export const withSqliteCode = (error: unknown): unknown => {
  const errcode = (error as { errcode?: unknown } | null)?.errcode
  if (typeof errcode !== "number") return error
  const named = new Error((error as Error).message, { cause: error }) as Error & { code: string; errcode: number }
  named.code = sqliteCodeName(errcode)
  named.errcode = errcode
  return named
}
