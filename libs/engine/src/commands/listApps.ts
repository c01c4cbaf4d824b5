import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type AppInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { fromPlatformError } from "../errors/fromPlatformError.js"

/** The contract's app entry: toolkit details stay with `status`. */
export const appEntry = (app: AppInfo) => ({
  name: app.name,
  pid: app.pid,
  ...(app.bundle_id === undefined ? {} : { bundle_id: app.bundle_id }),
  ...(app.process_instance === undefined ? {} : { process_instance: app.process_instance }),
  ...(app.presentation === undefined ? {} : { presentation: app.presentation }),
  ...(app.accessibility === undefined ? {} : {
    accessibility: {
      tree: app.accessibility.tree,
      sources: [...app.accessibility.sources],
      ...(app.accessibility.fix === undefined ? {} : { fix: app.accessibility.fix })
    }
  })
})

export const listApps = Effect.fn("listApps")(function*(args: ArgsOf<"list-apps">) {
  const filter = args.app
  const adapter = yield* DesktopAdapter
  const apps = yield* adapter.listApps(filter).pipe(Effect.mapError(fromPlatformError))
  return { apps: apps.map(appEntry) }
})
