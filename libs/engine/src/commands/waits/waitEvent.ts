/**
 * `wait --event KIND [--app NAME] [--window-id ID]`: a desktop change after the call starts.
 *
 * Where the adapter hears desktop events (`watchDesktop`: AT-SPI window, focus and registry events on Linux), the
 * wait subscribes first (the platform then reads its baseline), and answers with the first matching event: a window
 * that opens and closes again within milliseconds is seen. Fallback, when the adapter has no event capability, the
 * watch cannot start, or its stream stops being healthy (events may be lost): compare the registry's apps and windows
 * (id, visibility, focus) against the state when the fallback began, every 100 ms, which sees what lasts 100 ms.
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type AppInfo, type DesktopWatch, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { Timeout, type DesktopError } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { pollUntil, type PollFailure } from "../../wait/poll.js"
import { eventOutput, matchesEvent, type EventFilter } from "./eventMatch.js"

/** The kinds `wait --event` takes: the spec's enum. */
export type EventKind = NonNullable<ArgsOf<"wait">["event"]>

interface State {
  readonly apps: ReadonlyArray<AppInfo>
  readonly windows: ReadonlyArray<WindowInfo>
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const appKey = (a: AppInfo) => `${a.name}|${a.pid}`
const shown = (w: WindowInfo) => w.visible !== false && w.minimized !== true

const windowEvent = (kind: EventKind, w: WindowInfo) => ({ kind, window_id: w.id, title: w.title, app: w.app_name, pid: w.pid })

/** The first change of `kind` from `before` to `now`, within the filters. */
export const findEvent = (kind: EventKind, before: State, now: State, filter: { app?: string; windowId?: string }) => {
  const keepWindow = (w: WindowInfo) =>
    (filter.app === undefined || sameName(w.app_name, filter.app)) && (filter.windowId === undefined || w.id === filter.windowId)
  const keepApp = (a: AppInfo) => filter.app === undefined || sameName(a.name, filter.app)
  const was = new Map(before.windows.map((w) => [w.id, w]))
  const is = new Map(now.windows.map((w) => [w.id, w]))
  switch (kind) {
    case "window-opened": {
      const w = now.windows.find((x) => keepWindow(x) && !was.has(x.id) && shown(x))
      return w && windowEvent(kind, w)
    }
    case "window-closed": {
      const w = before.windows.find((x) => keepWindow(x) && !is.has(x.id))
      return w && windowEvent(kind, w)
    }
    case "surface-appeared": {
      const w = now.windows.find((x) => keepWindow(x) && shown(x) && !(was.has(x.id) && shown(was.get(x.id)!)))
      return w && windowEvent(kind, w)
    }
    case "surface-dismissed": {
      const w = before.windows.find((x) => keepWindow(x) && shown(x) && !(is.has(x.id) && shown(is.get(x.id)!)))
      return w && windowEvent(kind, w)
    }
    case "focus-changed": {
      const focusedBefore = before.windows.find((x) => x.is_focused)?.id
      const w = now.windows.find((x) => x.is_focused && x.id !== focusedBefore && keepWindow(x))
      return w && windowEvent(kind, w)
    }
    case "app-launched": {
      const known = new Set(before.apps.map(appKey))
      const a = now.apps.find((x) => keepApp(x) && !known.has(appKey(x)))
      return a && { kind, app: a.name, pid: a.pid }
    }
    case "app-terminated": {
      const live = new Set(now.apps.map(appKey))
      const a = before.apps.find((x) => keepApp(x) && !live.has(appKey(x)))
      return a && { kind, app: a.name, pid: a.pid }
    }
  }
}

const state = Effect.gen(function*() {
  const adapter = yield* DesktopAdapter
  const apps = yield* adapter.listApps().pipe(Effect.mapError(fromPlatformError))
  const windows = yield* adapter.listWindows().pipe(Effect.mapError(fromPlatformError))
  return { apps, windows } satisfies State
})

const timedOut = (kind: EventKind, timeoutMs: number) =>
  new Timeout({
    message: `no ${kind} event within ${timeoutMs} ms`,
    delivery: "not_delivered",
    details: { kind: "wait_timeout", timeout_ms: timeoutMs, predicate: "event", event: kind }
  })

/** The state comparison, polled for `budgetMs` from a baseline read now. */
const pollEvent = (kind: EventKind, filter: EventFilter, budgetMs: number) =>
  Effect.gen(function*() {
    const before = yield* state
    const look = Effect.map(state, (now) => findEvent(kind, before, now, filter))
    return yield* pollUntil(look, { timeoutMs: budgetMs, isTransient: (error: DesktopError) => error.code === "TIMEOUT" || error.code === "APP_UNRESPONSIVE" }).pipe(
      Effect.map((polled) => polled.value),
      Effect.catch((failure: PollFailure) => failure._tag === "Failed" ? Effect.fail(failure.error) : Effect.succeed(undefined))
    )
  })

/** Matching events until the deadline; undefined at the deadline or when the watch stops being healthy. */
const nextMatch = (watch: DesktopWatch, kind: EventKind, filter: EventFilter, deadline: number) =>
  Effect.gen(function*() {
    for (;;) {
      const event = yield* watch.next(deadline).pipe(Effect.mapError(fromPlatformError))
      if (event === undefined) return undefined
      if (matchesEvent(kind, filter, event)) return eventOutput(event)
    }
  })

/** The adapter's event watch, or undefined where it has none or it cannot start (the wait then polls). */
const openWatch = Effect.gen(function*() {
  const adapter = yield* DesktopAdapter
  if (!adapter.watchDesktop) return undefined
  return yield* Effect.acquireRelease(adapter.watchDesktop(), (watch) => watch.close()).pipe(
    Effect.catch(() => Effect.succeed(undefined))
  )
})

export const waitEvent = (kind: EventKind, filter: EventFilter, timeoutMs: number) =>
  Effect.scoped(Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    const deadline = start + timeoutMs
    const watch = yield* openWatch
    let found = watch === undefined ? undefined : yield* nextMatch(watch, kind, filter, deadline)
    const left = deadline - (yield* Clock.currentTimeMillis)
    // No events to trust (none heard here, or the stream lost some): look at the desktop for the time left.
    if (found === undefined && (watch === undefined || !watch.healthy()) && left > 0) found = yield* pollEvent(kind, filter, left)
    if (found === undefined) return yield* timedOut(kind, timeoutMs)
    return { found: true as const, event: found, elapsed_ms: (yield* Clock.currentTimeMillis) - start }
  }))
