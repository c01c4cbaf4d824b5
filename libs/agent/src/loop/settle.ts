// The print-mode exit wait (story 4): keep waiting while background work runs, the agent is mid-turn
// (isLoading) or a message is queued; stop at the ceiling (D7). Polls through Clock so tests can drive time.
import { Clock, Effect } from "effect"
import type { PendingTaskInfo } from "./AgentEvent.js"

/** What the exit wait reads of an agent, taken in one step. */
export interface SettleState {
  /** Background tasks still running. */
  readonly pending: ReadonlyArray<PendingTaskInfo>
  readonly loading: boolean
  /** Messages queued and not yet dispatched. */
  readonly queued: number
}

/** Reads the agent's current SettleState (Agent.settleState). */
export type SettleProbe = Effect.Effect<SettleState>

export interface SettleOptions {
  readonly maxWaitMs: number
  readonly pollMs?: number
  readonly heartbeatMs?: number
  readonly onHeartbeat?: (pending: ReadonlyArray<PendingTaskInfo>) => void
}

export const isBusy = (state: SettleState): boolean => state.pending.length > 0 || state.loading || state.queued > 0

/** Resolves with `settled: true` once idle, or `settled: false` when the ceiling is reached first. */
export const awaitSettled = (probe: SettleProbe, options: SettleOptions) =>
  Effect.gen(function*() {
    const pollMs = options.pollMs ?? 20
    const heartbeatMs = options.heartbeatMs ?? 5_000
    const start = yield* Clock.currentTimeMillis
    let lastBeat = start
    let state = yield* probe
    while (isBusy(state)) {
      const now = yield* Clock.currentTimeMillis
      if (now - start >= options.maxWaitMs) return { settled: false } as const
      if (options.onHeartbeat !== undefined && now - lastBeat >= heartbeatMs && state.pending.length > 0) {
        lastBeat = now
        options.onHeartbeat(state.pending)
      }
      yield* Effect.sleep(Math.min(pollMs, Math.max(1, options.maxWaitMs - (now - start))))
      state = yield* probe
    }
    return { settled: true } as const
  })
