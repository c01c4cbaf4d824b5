import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import type { Envelope } from "./Envelope.js"
import { recoverAndRetry } from "./Recovery.js"
import type { CommandRequest } from "./CommandRequest.js"

/** An error envelope with `details.auto_recover` added. */
const annotated = (envelope: Envelope, note: Readonly<Record<string, unknown>>): Envelope =>
  envelope.ok ? envelope : { ...envelope, error: { ...envelope.error, details: { ...envelope.error.details, auto_recover: note } } }

/**
 * `--auto-recover` (CLI) / wave's auto-recover: run the recovery the failure names, once, only when its disposition
 * is safe (Recovery.ts decides). Both attempts are their own invocations in the store's trace; an error envelope
 * says what the recovery did in `details.auto_recover` (the first attempt's code, the ref it re-found, or why it
 * did not run).
 */
export const withAutoRecover = (request: CommandRequest, first: Envelope): Effect.Effect<Envelope, never, DesktopAdapter | EventStore> =>
  first.ok
    ? Effect.succeed(first)
    : Effect.map(recoverAndRetry(request, first), (outcome) => {
      switch (outcome._tag) {
        case "NotNeeded":
          return outcome.envelope
        case "NotAllowed":
          return annotated(outcome.envelope, { attempted: false, reason: outcome.reason })
        case "Recovered":
          return annotated(outcome.envelope, {
            attempted: true,
            first_error: first.error.code,
            ref: outcome.ref,
            snapshot_id: outcome.snapshotId
          })
      }
    })
