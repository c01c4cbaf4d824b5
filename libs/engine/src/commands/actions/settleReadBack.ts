import { Clock, Effect } from "effect"

/**
 * How long a read-back that contradicts the action is read again before the contradiction is declared: an app
 * repaints, animates a menu or commits a field's text a moment after it answered the action (LibreOffice's Name
 * Box, kcalc's display). Bounded by the action's own deadline as well.
 */
export const READBACK_SETTLE_MS = 2000
export const READBACK_POLL_MS = 100

/**
 * After `first`, reads back again while the verdict is a contradiction, until it is none (confirmed, or no evidence
 * either way) or `deadline` (epoch ms) passes; answers the last read.
 */
export const settleReadBack = <A extends { readonly verdict: boolean | undefined }, E, R>(first: A, read: Effect.Effect<A, E, R>, deadline: number) =>
  Effect.gen(function*() {
    let last = first
    while (last.verdict === false && (yield* Clock.currentTimeMillis) + READBACK_POLL_MS <= deadline) {
      yield* Effect.sleep(READBACK_POLL_MS)
      last = yield* read
    }
    return last
  })
