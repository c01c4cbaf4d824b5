// The print-mode exit wait (story 4): keep waiting while background work runs, the agent is mid-turn
// (isLoading) or a message is queued; stop at the ceiling (D7). Polls through Clock so tests can drive time.
import { Clock, Effect } from "effect"
import type { PendingTaskInfo } from "./AgentEvent.js"

export interface SettleProbe {
  hasRunningBackgroundWork(): boolean
  isLoading(): boolean
  hasPendingMessages(): boolean
  pendingTasks(): ReadonlyArray<PendingTaskInfo>
}

export interface SettleOptions {
  readonly maxWaitMs: number
  readonly pollMs?: number
  readonly heartbeatMs?: number
  readonly onHeartbeat?: (pending: ReadonlyArray<PendingTaskInfo>) => void
}

export const isBusy = (probe: SettleProbe): boolean =>
  probe.hasRunningBackgroundWork() || probe.isLoading() || probe.hasPendingMessages()

/** Resolves with `settled: true` once idle, or `settled: false` when the ceiling is reached first. */
export const awaitSettled = (probe: SettleProbe, options: SettleOptions) =>
  Effect.gen(function*() {
    const pollMs = options.pollMs ?? 20
    const heartbeatMs = options.heartbeatMs ?? 5_000
    const start = yield* Clock.currentTimeMillis
    let lastBeat = start
    while (isBusy(probe)) {
      const now = yield* Clock.currentTimeMillis
      if (now - start >= options.maxWaitMs) return { settled: false } as const
      if (options.onHeartbeat !== undefined && now - lastBeat >= heartbeatMs && probe.hasRunningBackgroundWork()) {
        lastBeat = now
        options.onHeartbeat(probe.pendingTasks())
      }
      yield* Effect.sleep(Math.min(pollMs, Math.max(1, options.maxWaitMs - (now - start))))
    }
    return { settled: true } as const
  })
