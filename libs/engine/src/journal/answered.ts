import type { PlatformError } from "@agent-desktop/platform"
import { Effect } from "effect"
import type { DesktopError } from "../errors/DesktopError.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { EVIDENCE } from "./foldEvidence.js"
import { recordSteps } from "./journalSteps.js"

/**
 * A native facet's call after its write-ahead `step.attempted`, with the facet's failure as an answer when it says
 * what it did: `steps` present (`[]` = refused before sending anything, e.g. no window manager, no XTEST) are
 * recorded and close the attempt, as Delivery does for an adapter's failed action. A failure without steps proves
 * nothing about what went out, so the attempt stays open and the evidence folds to `delivery_uncertain`.
 */
export const answered = (label: string) =>
<A, R>(call: Effect.Effect<A, PlatformError, R>): Effect.Effect<A, DesktopError, R | Invocation> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    return yield* call.pipe(
      Effect.tapError((error) => Effect.sync(() => {
        if (error.steps === undefined) return
        recordSteps(invocation, error.steps)
        invocation.record(EVIDENCE.answered[1]!, { label, code: error.code, sent: error.steps.length > 0 })
      })),
      Effect.mapError(fromPlatformError)
    )
  })
