/**
 * `wait --event KIND [--app NAME] [--window-id ID]`: a desktop change after the call starts, found by comparing the
 * registry's apps and windows (id, visibility, focus) against the state when the wait began, every 100 ms. (A
 * listener on AT-SPI's window and focus events would see changes in between; this sees what lasts 100 ms.)
 */
import { DesktopAdapter, type AppInfo, type WindowInfo } from "@agent-desktop/platform"
import { Effect } from "effect"
import { Timeout, type DesktopError } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { pollUntil, type PollFailure } from "../../wait/poll.js"

export const EVENT_KINDS = [
  "window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed"
] as const
export type EventKind = typeof EVENT_KINDS[number]

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

export const waitEvent = (kind: EventKind, filter: { app?: string; windowId?: string }, timeoutMs: number) =>
  Effect.gen(function*() {
    const before = yield* state
    const look = Effect.map(state, (now) => findEvent(kind, before, now, filter))
    const polled = yield* pollUntil(look, { timeoutMs, isTransient: (error: DesktopError) => error.code === "TIMEOUT" || error.code === "APP_UNRESPONSIVE" }).pipe(
      Effect.catch((failure: PollFailure) =>
        Effect.fail(failure._tag === "Failed" ? failure.error : new Timeout({
          message: `no ${kind} event within ${timeoutMs} ms`,
          delivery: "not_delivered",
          details: { kind: "wait_timeout", timeout_ms: timeoutMs, predicate: "event", event: kind }
        })))
    )
    return { found: true as const, event: polled.value, elapsed_ms: polled.elapsedMs }
  })
