import { INVOCATION_ENDED, type EventStoreCore } from "@agent-desktop/store"
import { foldEvidence } from "./foldEvidence.js"

const alive = (pid: number): boolean => {
  if (pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A long-lived process (the warm host, wave) looks again at most this often; a CLI run looks once. */
export const ABANDONED_CHECK_INTERVAL_MS = 30_000

const lastCheck = new WeakMap<EventStoreCore, number>()

/**
 * On start (and, in a long-lived process, every 30 s at most): every invocation of this host that began and never ended, and whose process is gone (a crash,
 * a kill -9, a power cut), gets its `command.end` with the disposition its written-ahead evidence folds to —
 * an action that was attempted and never answered is `delivery_uncertain`, so a later reader of the trace never
 * mistakes it for `not_delivered`. Best effort: a store that cannot be read or written now is left for the next run.
 *
 * Exactly once, whatever runs at the same time: the list of open invocations is only a hint (its process may have
 * ended its invocation and exited since, or another process may be closing the same one). The decision is made on
 * the stream as read (no `command.end` in it) and appended with that read's last seq as `expectedSeq`, so the store
 * writes it only if nothing was appended since, in the appending transaction; a conflict means someone else wrote
 * first, and the stream is left alone.
 */
export const closeAbandoned = (store: EventStoreCore, now: () => number): ReadonlyArray<string> => {
  const previous = lastCheck.get(store)
  if (previous !== undefined && now() - previous < ABANDONED_CHECK_INTERVAL_MS) return []
  lastCheck.set(store, now())
  const done: Array<string> = []
  try {
    for (const open of store.openInvocations()) {
      // A pid means something only on the host that wrote it (a store shared by many machines).
      if (open.host !== undefined && open.host !== store.origin.host) continue
      if (open.pid === process.pid || alive(open.pid)) continue
      const events = store.readStream(open.stream)
      if (events.length === 0 || events.some((event) => event.type === INVOCATION_ENDED)) continue
      const disposition = foldEvidence(events)
      const session = events.find((event) => event.session_id !== undefined)?.session_id
      try {
        store.append(open.stream, [{
          type: INVOCATION_ENDED,
          payload: { ok: false, abandoned: true, closed_by_pid: process.pid, disposition },
          time_ms: now()
        }], { ...(session === undefined ? {} : { session_id: session }), busyTimeoutMs: 500, expectedSeq: events[events.length - 1]!.seq })
        done.push(open.stream)
      } catch (error) {
        if ((error as { _tag?: string })._tag !== "StreamConflict") throw error
      }
    }
  } catch {
    // Nothing to report to this command: its own result does not depend on an older run's trace.
  }
  return done
}
