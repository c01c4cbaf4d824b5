import {
  DesktopAdapter, PlatformError, UnsupportedAdapter,
  type AppInfo, type DesktopAdapterShape, type DesktopEvent, type DesktopWatch, type WindowInfo
} from "@agent-desktop/platform"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { findEvent, waitEvent, type EventKind } from "./waitEvent.js"

const win = (id: string, extra: Partial<WindowInfo> = {}): WindowInfo =>
  ({ id, title: id.toUpperCase(), app_name: "app", pid: 7, is_focused: false, visible: true, ...extra })
const app = (name: string, pid: number): AppInfo => ({ name, pid })
const idOf = (event: unknown) => (event as { window_id?: string } | undefined)?.window_id

describe("findEvent", () => {
  const before = { apps: [app("app", 7)], windows: [win("a", { is_focused: true }), win("menu", { visible: false })] }

  it("window-opened / window-closed by id, filtered by app and window id", () => {
    const now = { apps: before.apps, windows: [...before.windows, win("b")] }
    expect(findEvent("window-opened", before, now, {})).toEqual({ kind: "window-opened", window_id: "b", title: "B", app: "app", pid: 7 })
    expect(findEvent("window-opened", before, now, { app: "other" })).toBeUndefined()
    expect(idOf(findEvent("window-closed", before, { apps: before.apps, windows: [before.windows[1]!] }, { windowId: "a" }))).toBe("a")
  })

  it("surfaces: a hidden popup that becomes visible appeared; hidden again is dismissed", () => {
    const shownMenu = { apps: before.apps, windows: [before.windows[0]!, win("menu")] }
    expect(idOf(findEvent("surface-appeared", before, shownMenu, {}))).toBe("menu")
    expect(findEvent("window-opened", before, shownMenu, {})).toBeUndefined()
    expect(idOf(findEvent("surface-dismissed", shownMenu, before, {}))).toBe("menu")
  })

  it("focus-changed, app-launched, app-terminated", () => {
    const focused = { apps: before.apps, windows: [win("a"), win("menu", { visible: false }), win("c", { is_focused: true })] }
    expect(idOf(findEvent("focus-changed", before, focused, {}))).toBe("c")
    expect(findEvent("focus-changed", before, before, {})).toBeUndefined()
    const launched = { apps: [...before.apps, app("grid", 9)], windows: before.windows }
    expect(findEvent("app-launched", before, launched, {})).toEqual({ kind: "app-launched", app: "grid", pid: 9 })
    expect(findEvent("app-terminated", launched, before, {})).toEqual({ kind: "app-terminated", app: "grid", pid: 9 })
  })
})

describe("waitEvent through an adapter's event watch", () => {
  const base = (windows: () => ReadonlyArray<WindowInfo>) =>
    Effect.gen(function*() {
      const unsupported = yield* DesktopAdapter
      return DesktopAdapter.of({
        ...unsupported,
        listApps: () => Effect.succeed([app("app", 7)]),
        listWindows: () => Effect.sync(windows)
      })
    }).pipe(Effect.provide(UnsupportedAdapter))

  const watchOf = (events: Array<DesktopEvent>, healthy: boolean, closed: Array<boolean>): DesktopWatch => ({
    next: () => Effect.sync(() => events.shift()),
    healthy: () => healthy,
    close: () => Effect.sync(() => void closed.push(true))
  })

  const run = (adapter: Effect.Effect<DesktopAdapterShape>, kind: EventKind, filter: { app?: string }, timeoutMs = 5_000) =>
    Effect.runPromise(Effect.flatMap(adapter, (shape) =>
      waitEvent(kind, filter, timeoutMs).pipe(Effect.provideService(DesktopAdapter, shape), Effect.result)))

  it("answers with the first event that matches, and closes the watch", async () => {
    const closed: Array<boolean> = []
    const events: Array<DesktopEvent> = [
      { kind: "window-opened", window_id: "w1", title: "Other", app: "other", pid: 1 },
      { kind: "window-opened", window_id: "w2", title: "Mine", app: "app", pid: 7 }
    ]
    const adapter = Effect.map(base(() => []), (shape) => ({ ...shape, watchDesktop: () => Effect.succeed(watchOf(events, true, closed)) }))
    const result = await run(adapter, "window-opened", { app: "APP" })
    expect(result._tag === "Success" && result.success.event).toEqual({ kind: "window-opened", window_id: "w2", title: "Mine", app: "app", pid: 7 })
    expect(closed).toEqual([true])
  })

  it("a healthy watch that hears nothing until the deadline: TIMEOUT wait_timeout, no polling", async () => {
    let reads = 0
    const adapter = Effect.map(base(() => (reads++, [])), (shape) => ({ ...shape, watchDesktop: () => Effect.succeed(watchOf([], true, [])) }))
    const result = await run(adapter, "window-closed", {}, 1)
    expect(result._tag === "Failure" && result.failure).toMatchObject({ code: "TIMEOUT", details: { kind: "wait_timeout", predicate: "event", event: "window-closed" } })
    expect(reads).toBe(0)
  })

  it("falls back to comparing states when the watch is unhealthy or cannot start", async () => {
    for (const watchDesktop of [
      () => Effect.succeed(watchOf([], false, [])),
      () => Effect.fail(new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: "no events" }))
    ]) {
      let reads = 0
      const adapter = Effect.map(base(() => reads++ === 0 ? [] : [win("b")]), (shape) => ({ ...shape, watchDesktop }))
      const result = await run(adapter, "window-opened", {})
      expect(result._tag === "Success" && result.success.event).toEqual({ kind: "window-opened", window_id: "b", title: "B", app: "app", pid: 7 })
    }
  })
})
