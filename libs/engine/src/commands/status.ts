import { DesktopAdapter, type PlatformStatus } from "@agent-desktop/platform"
import { Effect } from "effect"
import { Invocation } from "../Invocation.js"
import { loadSnapshot, stateRoot, withStore } from "../StoreAccess.js"
import { ENGINE_VERSION } from "../EngineVersion.js"

const noPlatform = (reason: string): PlatformStatus => ({
  platform: process.platform,
  permissions: { accessibility: { state: "unknown" }, screen_recording: { state: "unknown" }, automation: { state: "unknown" } },
  supported_surfaces: [],
  problems: [reason],
  probes: {}
})

/**
 * `status`: the adapter's platform report plus this namespace's latest snapshot and session state. The adapter's
 * own diagnostics go out as they are (2.6 `problems`, `probes`): what keeps this machine from observing, and what
 * was probed, so an agent (or a person) can tell a missing accessibility bus from an app that never registered.
 */
export const status = Effect.fn("status")(function*() {
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const platform = yield* adapter.status().pipe(Effect.catchTag("PlatformError", (error) => Effect.succeed(noPlatform(error.message))))
  const latestId = yield* withStore((store) => store.latestSnapshotId(invocation.namespace))
  const latest = latestId === undefined ? undefined : yield* loadSnapshot(invocation.namespace, latestId).pipe(Effect.option, Effect.map((o) => o._tag === "Some" ? o.value : undefined))
  const sessionId = invocation.options.session
  const session = sessionId === undefined
    ? undefined
    : yield* withStore((store) => store.getSession(sessionId))
  const root = yield* stateRoot
  // Which store holds the evidence (the SQLite binding, or PostgreSQL with the URL minus its password) and the
  // machine name this process stamps on it.
  const store = yield* withStore((opened) => Effect.succeed({
    driver: opened.core.driver,
    location: opened.core.databasePath,
    machine: opened.core.origin.host
  }))
  return {
    platform: platform.platform,
    version: ENGINE_VERSION,
    permissions: platform.permissions,
    snapshot_id: latest?.snapshot_id ?? null,
    ref_count: latest === undefined ? null : Object.keys(latest.refs).length,
    session_id: sessionId ?? null,
    tracing: session !== undefined && session.trace === "on" && session.ended_at === null,
    supported_surfaces: platform.supported_surfaces,
    ...(session === undefined ? {} : { artifacts: session.artifacts }),
    state_root: root,
    problems: [...platform.problems],
    probes: { ...platform.probes, store }
  }
})
