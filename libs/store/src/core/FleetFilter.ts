/**
 * Fleet filters over the `invocations` projection (alias `i`): where an invocation ran, on which app, how it
 * ended. An outcome is `ok`, `error`, `open` (no `command.end` yet), an error code (`POLICY_DENIED`) or a delivery
 * (`delivered_unverified`, `delivery_uncertain`, ...).
 */
import type { SqlValue } from "../sql/SqlDriver.js"
import type { FleetFilter } from "../StoreTypes.js"

export const isEmptyFilter = (filter: FleetFilter): boolean =>
  filter.host === undefined && filter.app === undefined && filter.outcome === undefined

export const invocationCondition = (filter: FleetFilter): { readonly sql: string; readonly params: ReadonlyArray<SqlValue> } | undefined => {
  if (isEmptyFilter(filter)) return undefined
  const parts: Array<string> = []
  const params: Array<SqlValue> = []
  if (filter.host !== undefined) {
    parts.push("i.host = ?")
    params.push(filter.host)
  }
  if (filter.app !== undefined) {
    parts.push("i.app = ?")
    params.push(filter.app)
  }
  switch (filter.outcome) {
    case undefined:
      break
    case "ok":
      parts.push("i.ok = 1")
      break
    case "error":
      parts.push("i.ok = 0")
      break
    case "open":
      parts.push("i.ended_at IS NULL")
      break
    default:
      parts.push("(i.code = ? OR i.delivery = ?)")
      params.push(filter.outcome, filter.outcome)
  }
  return { sql: parts.join(" AND "), params }
}
