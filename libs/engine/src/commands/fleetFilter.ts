import type { FleetFilter } from "@agent-desktop/store"
import { Effect } from "effect"
import { optionalString, type Args } from "../Args.js"

/** `--machine`, `--app`, `--outcome` of `session list` and `trace show`: the store's fleet filter. */
export const fleetFilter = (args: Args) =>
  Effect.gen(function*() {
    const host = yield* optionalString(args, "machine")
    const app = yield* optionalString(args, "app")
    const outcome = yield* optionalString(args, "outcome")
    const filter: FleetFilter = {
      ...(host === undefined ? {} : { host }),
      ...(app === undefined ? {} : { app }),
      ...(outcome === undefined ? {} : { outcome })
    }
    return filter
  })
