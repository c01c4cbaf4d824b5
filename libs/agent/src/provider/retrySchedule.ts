// Retry policy for model calls: only retryable errors, exponential backoff from retryBaseMs capped at 32 s with
// jitter, a server's Retry-After taking precedence over the computed delay, and no new attempt once the call's
// wall-clock budget (retryBudgetMs, attempts included) is spent.
import { Duration, Effect, Schedule } from "effect"
import type { ModelError } from "./ModelError.js"

export const modelRetrySchedule = (options: { readonly maxRetries: number; readonly retryBaseMs: number; readonly retryBudgetMs?: number }) =>
  Schedule.min([Schedule.exponential(Duration.millis(Math.max(1, options.retryBaseMs))), Schedule.spaced("32 seconds")])
    .pipe(
      Schedule.jittered,
      Schedule.setInputType<ModelError>(),
      Schedule.modifyDelay(({ duration, input }) =>
        Effect.succeed(
          input._tag === "ModelHttpError" && input.retryAfterMs !== undefined
            ? Duration.millis(input.retryAfterMs)
            : duration
        )
      ),
      Schedule.while(({ input, attempt, elapsed }) =>
        input.retryable &&
        (options.retryBudgetMs === undefined || elapsed < options.retryBudgetMs) &&
        attempt <= (input._tag === "ModelNetworkError" && input.connect === true
          ? Math.min(2, options.maxRetries)
          : options.maxRetries)
      )
    )

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export const parseRetryAfter = (header: string | undefined, now: number): number | undefined => {
  if (header === undefined || header.trim() === "") return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
