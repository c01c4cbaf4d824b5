import { isStoreError } from "@agent-desktop/store"
import { Cause } from "effect"
import { fromStoreError } from "../StoreAccess.js"
import { Internal, isDesktopError, type DesktopError } from "./DesktopError.js"
import { fromPlatformError } from "./fromPlatformError.js"

/**
 * Whatever ended a run, as a contract error: typed failures keep their code (store and adapter errors mapped),
 * and anything else (a defect, an interruption) is INTERNAL with an unknown disposition, since nothing proves
 * what was or was not sent.
 */
export const fromCause = (cause: Cause.Cause<unknown>): DesktopError => {
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure !== undefined) {
    const error = failure.error
    if (isDesktopError(error)) return error
    if (isStoreError(error)) return fromStoreError(error)
    if (typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "PlatformError") {
      return fromPlatformError(error as Parameters<typeof fromPlatformError>[0])
    }
  }
  const first = Cause.pretty(cause).split("\n")[0] ?? "unknown"
  return new Internal({ message: `Unexpected internal error: ${first}`, delivery: "unknown" })
}
