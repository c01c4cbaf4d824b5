import type { FleetFilter } from "@agent-desktop/store"

/** `--machine`, `--app`, `--outcome` of `session list` and `trace show`: the store's fleet filter. */
export const fleetFilter = (args: { readonly machine?: string; readonly app?: string; readonly outcome?: string }): FleetFilter => ({
  ...(args.machine === undefined ? {} : { host: args.machine }),
  ...(args.app === undefined ? {} : { app: args.app }),
  ...(args.outcome === undefined ? {} : { outcome: args.outcome })
})
