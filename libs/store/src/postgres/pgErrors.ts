/**
 * What a PostgreSQL or socket error means for the caller, in the store's failure vocabulary (StoreErrors.ts).
 * SQLSTATE classes: 08 connection, 57P0x server shutting down, 28 authorization, 53100 disk full, 25006 read-only
 * (a standby), 55P03/40001/40P01 lock waits and conflicts, 3D000 no such database.
 */
import { StoreFailure, type StoreFailureReason } from "../StoreErrors.js"

export interface PgError {
  readonly message: string
  readonly code?: string
  readonly detail?: string
  /** The worker had no connection left after the failure. */
  readonly lost?: boolean
}

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOENT", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "EAI_AGAIN", "ENOTFOUND"])

export const pgReason = (error: PgError): StoreFailureReason => {
  const code = error.code ?? ""
  if (code.startsWith("08") || code.startsWith("57P0") || SOCKET_CODES.has(code)) return "unreachable"
  if (code.startsWith("28") || code === "42501" || code === "3D000") return "permission"
  if (code === "53100") return "full"
  if (code === "25006") return "read_only"
  if (code === "55P03" || code === "40001" || code === "40P01" || code === "57014") return "busy"
  if (code === "XX001" || code === "XX002") return "corrupt"
  if (error.lost === true || /Connection terminated|connection.*(closed|lost)|not queryable/i.test(error.message)) return "unreachable"
  return "other"
}

export const pgFailure = (error: PgError, label: string): StoreFailure =>
  new StoreFailure({
    message: `${label}: ${error.message}${error.detail === undefined ? "" : ` (${error.detail})`}`,
    cause: error,
    reason: pgReason(error)
  })
