import { DesktopAdapter, PlatformError, type DesktopAdapterShape } from "@agent-desktop/platform"
import { Clock, Effect, Layer } from "effect"

/** Slack after an adapter's own deadline before the engine stops waiting for it. */
const GRACE_MS = 1000
/** Lookups with no deadline of their own (list apps, resolve a window, read one element's state). */
const LOOKUP_MS = 15_000

const hung = (what: string, ms: number) =>
  new PlatformError({ code: "TIMEOUT", message: `${what} did not answer within ${ms} ms`, details: { kind: "deadline", timeout_ms: ms } })

const bounded = <A>(effect: Effect.Effect<A, PlatformError>, what: string, ms: number): Effect.Effect<A, PlatformError> =>
  Effect.timeoutOrElse(effect, { duration: ms, orElse: () => Effect.fail(hung(what, ms)) })

/** Time left until an absolute deadline, plus the grace an adapter gets to return what it has. */
const untilDeadline = (deadline: number) =>
  Effect.map(Clock.currentTimeMillis, (now) => Math.max(0, deadline - now) + GRACE_MS)

/**
 * Every adapter call gets a bound, so no command can hang on an app or a bus that stopped answering: reads fail
 * with TIMEOUT (nothing sent), and a key press that never returns is reported as attempted (it may have landed).
 * `act` is bounded by Delivery, which owns the action's deadline.
 */
export const guard = (adapter: DesktopAdapterShape): DesktopAdapterShape => ({
  ...adapter,
  status: () => bounded(adapter.status(), "status", LOOKUP_MS),
  permissions: () => bounded(adapter.permissions(), "permissions", LOOKUP_MS),
  listApps: (name) => bounded(adapter.listApps(name), "list-apps", LOOKUP_MS),
  listWindows: (app) => bounded(adapter.listWindows(app), "list-windows", LOOKUP_MS),
  resolveWindow: (query) => bounded(adapter.resolveWindow(query), "window lookup", LOOKUP_MS),
  readState: (target) => bounded(adapter.readState(target), "state readback", LOOKUP_MS),
  readTree: (window, options) =>
    Effect.flatMap(untilDeadline(options.deadline), (ms) => bounded(adapter.readTree(window, options), "tree read", ms)),
  ...(adapter.searchPaged === undefined ? {} : {
    searchPaged: (observation: Parameters<NonNullable<DesktopAdapterShape["searchPaged"]>>[0], query: Parameters<NonNullable<DesktopAdapterShape["searchPaged"]>>[1], deadline: number) =>
      Effect.flatMap(untilDeadline(deadline), (ms) => bounded(adapter.searchPaged!(observation, query, deadline), "paged search", ms))
  }),
  pressKeys: (combo, window, options) => keysBounded(adapter.pressKeys(combo, window, options), "the key press", options.deadline),
  typeText: (text, window, options) => keysBounded(adapter.typeText(text, window, options), "typing the text", options.deadline)
})

/** Keys that did not finish by the deadline may have gone out: an attempted step, never a clean refusal. */
const keysBounded = <A>(keys: Effect.Effect<A, PlatformError>, what: string, deadline: number) =>
  Effect.flatMap(untilDeadline(deadline), (ms) =>
    Effect.timeoutOrElse(keys, {
      duration: ms,
      orElse: () =>
        Effect.fail(new PlatformError({
          code: "TIMEOUT",
          message: `${what} did not finish within ${ms} ms; it may have been delivered`,
          steps: [{ label: "KeyEvent", outcome: "attempted", mechanism: "physical_synthetic" }]
        }))
    }))

/** The adapter from `layer`, with every call bounded. */
export const guardedAdapter = <E, R>(layer: Layer.Layer<DesktopAdapter, E, R>): Layer.Layer<DesktopAdapter, E, R> =>
  Layer.effect(DesktopAdapter, DesktopAdapter.useSync(guard)).pipe(Layer.provide(layer))
