import { Clock, Effect, Schedule } from "effect"
import type { DesktopError } from "../errors/DesktopError.js"

/** How often waits look again (the reference polls at about 100 ms). */
export const POLL_INTERVAL = Schedule.spaced("100 millis")

export interface Polled<A> {
  readonly value: A
  readonly elapsedMs: number
}

export type PollFailure =
  | { readonly _tag: "Expired"; readonly elapsedMs: number; readonly lastError?: DesktopError }
  | { readonly _tag: "Failed"; readonly error: DesktopError }

/**
 * Look until `attempt` yields a value or the budget is spent. Transient errors (the thing is not there yet) are
 * remembered and polled through; any other error ends the wait at once.
 */
export const pollUntil = <A, R>(
  attempt: Effect.Effect<A | undefined, DesktopError, R>,
  options: { readonly timeoutMs: number; readonly isTransient: (error: DesktopError) => boolean }
): Effect.Effect<Polled<A>, PollFailure, R> =>
  Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    let lastError: DesktopError | undefined
    const once = Effect.gen(function*() {
      const result = yield* Effect.result(attempt)
      const elapsedMs = (yield* Clock.currentTimeMillis) - start
      if (result._tag === "Success" && result.success !== undefined) return { value: result.success, elapsedMs }
      if (result._tag === "Failure") {
        if (!options.isTransient(result.failure)) return yield* Effect.fail<PollFailure>({ _tag: "Failed", error: result.failure })
        lastError = result.failure
      }
      if (elapsedMs >= options.timeoutMs) {
        return yield* Effect.fail<PollFailure>({ _tag: "Expired", elapsedMs, ...(lastError === undefined ? {} : { lastError }) })
      }
      return undefined
    })
    return yield* once.pipe(
      Effect.repeat({ schedule: POLL_INTERVAL, until: (polled) => polled !== undefined }),
      Effect.map((polled) => polled!)
    )
  })
