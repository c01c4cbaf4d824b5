import { PlatformError } from "@agent-desktop/platform"

/** The most one call of an action may wait for its answer. */
export const perCallMs = 2000
/** How long a change (typed text, focus, a toggle, an expansion) may take to show before the read-back runs anyway. */
export const settleMs = 1500
/** How often a settling change is polled. */
export const pollMs = 50

/** The timeout of the next call: what is left of the deadline, at most `perCallMs`; none left is `TIMEOUT`. */
export const timeoutFor = (deadline: number): number => {
  const left = deadline - Date.now()
  if (left <= 0) throw new PlatformError({ code: "TIMEOUT", message: "the action's deadline passed before anything was sent" })
  return Math.min(left, perCallMs)
}

/** The timeout of one poll while a change settles: never above 500 ms, never below 1 ms (a poll may run late). */
export const pollTimeout = (deadline: number): number => Math.min(500, Math.max(1, deadline - Date.now()))

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
