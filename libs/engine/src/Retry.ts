import { Schedule } from "effect"
import type { DesktopError } from "./errors/DesktopError.js"
import { toErrorBody } from "./errors/toErrorBody.js"

/**
 * A retry is allowed only when the contract says it is: `disposition.retry` is `safe` (nothing was sent) and the
 * error does not say the same input would be refused again (`details.retryable: false`).
 */
export const isSafeToRetry = (error: DesktopError): boolean => {
  const body = toErrorBody(error)
  return body.disposition.retry === "safe" && body.details?.["retryable"] !== false
}

/**
 * Failures that may not happen again a moment later: an app too busy to answer, a bus read that ran out of time
 * (the guarded adapter's `deadline`). A wait that expired, an element that is not there, a refused identity: those
 * are answers, and asking again at once would only repeat them.
 */
export const isTransient = (error: DesktopError): boolean =>
  error.code === "APP_UNRESPONSIVE" || error.code === "TIMEOUT" && error.details?.["kind"] === "deadline"

/** The engine's automatic retry: a few quick, jittered attempts, only for safe failures. */
export const safeRetry = Schedule.exponential("100 millis").pipe(
  Schedule.jittered,
  Schedule.upTo({ times: 2 }),
  Schedule.setInputType<DesktopError>(),
  Schedule.while(({ input }) => isSafeToRetry(input))
)
