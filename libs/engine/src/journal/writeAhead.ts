import { Effect } from "effect"
import { Internal } from "../errors/DesktopError.js"
import { storeFailureDetails } from "../StoreAccess.js"
import { Invocation } from "../Invocation.js"
import { EVIDENCE } from "./foldEvidence.js"

/**
 * Right before an adapter call that may reach an app: record the `step.attempted` and make sure it is on disk.
 * When the store cannot take it, nothing is sent — an action with no record of its attempt is exactly what a crash
 * would turn into a wrong `not_delivered`.
 */
export const writeAhead = (label: string, payload: Readonly<Record<string, unknown>>) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    invocation.record(EVIDENCE.attempted, { ...payload, label, write_ahead: true })
    const failure = invocation.ensureDurable()
    if (failure === undefined) return
    // Answered here: the adapter was never called, so the attempt proves nothing was sent.
    invocation.record(EVIDENCE.answered[1]!, { label, sent: false, reason: "write_ahead_failed" })
    return yield* new Internal({
      message: `Nothing was sent: the attempt could not be recorded first (${failure.message})`,
      delivery: "not_delivered",
      details: { kind: "store_failure", ...storeFailureDetails(failure), retryable: true },
      suggestion: "The state store is unavailable (locked, full or read-only); retry once it is writable"
    })
  })
