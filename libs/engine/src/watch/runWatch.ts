/**
 * A watch on a window or an app: what happened there, as events an agent can act on, until a deadline, a number of
 * events, or the window (app) is gone.
 *
 * - Desktop events of the app (`watchDesktop`): windows and surfaces opening and closing, focus, the app ending. A
 *   window or surface that opens is read and classified (`surface`: window, dialog, alert, menu, tooltip) and comes
 *   with its snapshot (saved: its refs work at once), so "a dialog opened" already says what it holds.
 * - Content (`watchChanges`, the TriggerFeed): when the app announces changes (or a poll is due, where its toolkit is
 *   not known to announce every change), each watched window is diffed against the watch's last look
 *   (snapshot/diff/observeDiff.ts): a `changed` event carries the diff (added, removed, changed elements with refs,
 *   the unchanged count), or the whole snapshot when too much changed. A look that finds nothing says nothing and
 *   saves nothing.
 *
 * The first look compares with the window's last snapshot in the namespace, so what changed while nobody looked is
 * the first event; without one, the first look is the silent baseline. A watch of an app also diffs the windows that
 * open while it runs; a watch of a window ends when that window closes.
 */
import { DesktopAdapter, type DesktopEvent, type WindowInfo } from "@agent-desktop/platform"
import type { SavedSnapshot as StoredSnapshot } from "@agent-desktop/store"
import { Clock, Effect } from "effect"
import { surfaceOf } from "../commands/surfaces.js"
import { fromPlatformError } from "../errors/fromPlatformError.js"
import { Invocation } from "../Invocation.js"
import { diffBase, diffWindow } from "../snapshot/diff/observeDiff.js"
import { observeWindow, resolveRequestWindow, type SnapshotRequest } from "../snapshot/observeWindow.js"
import { loadSnapshot } from "../StoreAccess.js"
import { TriggerFeed } from "./TriggerFeed.js"
import type { SurfaceType, WatchEnd, WatchEvent, WatchEventKind } from "./WatchEvent.js"

export interface WatchRequest {
  /** The window to watch (`windowId`) or the app whose windows to watch (`app`, its window the request resolves). */
  readonly snapshot: SnapshotRequest
  /** Whether the whole app is watched (its other windows, those that open) or only the resolved window. */
  readonly scope: "app" | "window"
  readonly timeoutMs: number
  /** Stop after this many reported events. */
  readonly maxEvents?: number
  /** Report only these kinds (the others still update the watch). */
  readonly kinds?: ReadonlySet<WatchEventKind>
  /** Look this often where changes may come unannounced. */
  readonly pollMs: number
  /** Each event as it is reported (the streaming CLI, an MCP subscription). */
  readonly emit?: (event: WatchEvent) => void
}

export interface WatchResult {
  readonly ended: WatchEnd
  readonly events: ReadonlyArray<WatchEvent>
}

/** Quiet time after an app's last change event before its windows are read, and the longest wait in a storm. */
const SETTLE_MS = 150
const MAX_LATENCY_MS = 600
/** Desktop events kept while the watch is busy reading (beyond it the oldest are dropped, and the watch says so). */
const CAPACITY = 256
/** Budget of the read that classifies a window that opened. */
const CLASSIFY_MS = 2000

const sameApp = (event: DesktopEvent, main: WindowInfo): boolean => event.pid === main.pid && event.app === main.app_name

/** The optional capability, or undefined where the adapter has none or it cannot start. */
const tryOpen = <A, E, R>(open: Effect.Effect<A, E, R> | undefined) =>
  open === undefined ? Effect.succeed(undefined) : open.pipe(Effect.map((value): A | undefined => value), Effect.catch(() => Effect.succeed(undefined)))

export const runWatch = Effect.fn("runWatch")(function*(request: WatchRequest) {
  const adapter = yield* DesktopAdapter
  const invocation = yield* Invocation
  const main = yield* resolveRequestWindow(request.snapshot)
  const start = yield* Clock.currentTimeMillis
  const deadline = start + request.timeoutMs
  const desktop = yield* tryOpen(adapter.watchDesktop?.())
  const changes = yield* tryOpen(adapter.watchChanges?.(main))
  const feed = new TriggerFeed({ settleMs: SETTLE_MS, maxLatencyMs: MAX_LATENCY_MS, pollMs: request.pollMs, capacity: CAPACITY }, desktop, changes)
  const events: Array<WatchEvent> = []
  const report = (event: WatchEvent): boolean => {
    if (request.kinds !== undefined && !request.kinds.has(event.kind)) return false
    events.push(event)
    request.emit?.(event)
    return request.maxEvents !== undefined && events.length >= request.maxEvents
  }
  const requestFor = (window: WindowInfo): SnapshotRequest => {
    const { app: _app, windowId: _windowId, ...rest } = request.snapshot
    return { ...rest, windowId: window.id }
  }
  /** Each watched window and the snapshot its next look compares with. */
  const watched = new Map<string, { readonly window: WindowInfo; base: StoredSnapshot | undefined }>()
  watched.set(main.id, { window: main, base: yield* diffBase(main, undefined) })
  /**
   * The app's windows as the watch knows them: desktop events keep it, and every look compares it with the app's
   * window list, so a window a toolkit announces no event for (a GTK 4 dialog) is still reported, once.
   */
  const appWindows = adapter.listWindows(main.app_name).pipe(
    Effect.mapError(fromPlatformError),
    Effect.map((windows) => windows.filter((window) => window.pid === main.pid)),
    Effect.orElseSucceed((): ReadonlyArray<WindowInfo> => [])
  )
  const known = new Map((yield* appWindows).map((window) => [window.id, window]))

  /** Diffs one watched window; reports a change. True when the watch has reported enough. */
  const look = Effect.fnUntraced(function*(id: string) {
    const entry = watched.get(id)!
    const silent = entry.base === undefined
    const result = yield* diffWindow(requestFor(entry.window), entry.window, entry.base, { saveUnchanged: false }).pipe(
      Effect.map((diff) => diff as typeof diff | undefined),
      // A window gone between the event and the read: its window-closed event says so.
      Effect.catchIf((error) => error.code === "WINDOW_NOT_FOUND" || error.code === "APP_NOT_FOUND", () => Effect.succeed(undefined))
    )
    if (result === undefined) return false
    if (result.nextBase !== entry.base?.snapshot_id) entry.base = yield* loadSnapshot(invocation.namespace, result.nextBase)
    // Without a base the first look is the baseline: what it shows is not a change.
    if (silent || !result.changed) return false
    return report({ kind: "changed", app: entry.window.app_name, pid: entry.window.pid, window_id: id, snapshot: result.data })
  })

  /** A window that opened: classified, snapshotted (saved), reported, and watched from now on in an app watch. */
  const opened = Effect.fnUntraced(function*(event: DesktopEvent) {
    const window = event.window_id === undefined ? undefined : (yield* appWindows).find((candidate) => candidate.id === event.window_id)
    if (window === undefined) return report({ ...event, kind: event.kind as WatchEventKind } as WatchEvent)
    known.set(window.id, window)
    const shallow = yield* adapter.readTree(window, { maxDepth: 1, deadline: (yield* Clock.currentTimeMillis) + CLASSIFY_MS }).pipe(Effect.option)
    const surface = shallow._tag === "Some" ? surfaceOf(window, shallow.value.root).type as SurfaceType : undefined
    const observed = yield* observeWindow(requestFor(window), { save: true, window }).pipe(Effect.option)
    if (observed._tag === "Some" && request.scope === "app") {
      watched.set(window.id, { window, base: yield* loadSnapshot(invocation.namespace, observed.value.saved.snapshot_id) })
    }
    return report({
      kind: event.kind as "window-opened" | "surface-appeared",
      app: event.app,
      pid: event.pid,
      window_id: window.id,
      title: window.title,
      ...(surface === undefined ? {} : { surface }),
      ...(observed._tag === "Some" ? { snapshot: observed.value.data } : {})
    })
  })

  /** Handles one desktop event of the app (heard, or found by comparing window lists); a reason when the watch ends. */
  const onDesktop = Effect.fnUntraced(function*(event: DesktopEvent) {
    if (event.kind === "window-opened" || event.kind === "surface-appeared") {
      // Opened windows of the app count in a window watch too (the window's dialogs); a known one only once.
      if (event.kind === "window-opened" && event.window_id !== undefined && known.has(event.window_id)) return undefined
      return (yield* opened(event)) ? "count" as const : undefined
    }
    if (event.kind === "window-closed" || event.kind === "surface-dismissed") {
      if (event.window_id !== undefined) {
        watched.delete(event.window_id)
        if (event.kind === "window-closed" && !known.delete(event.window_id)) return undefined
      }
    } else if (request.scope === "window" && event.window_id !== undefined && event.window_id !== main.id) {
      return undefined
    }
    const done = report({ ...event } as WatchEvent)
    if (event.kind === "app-terminated") return "app_terminated" as const
    if (event.kind === "window-closed" && event.window_id === main.id) return "window_closed" as const
    return done ? "count" as const : undefined
  })

  /** The app's windows now against the known ones: what no event said. */
  const windowsChanged = Effect.fnUntraced(function*() {
    const now = yield* appWindows
    const ids = new Set(now.map((window) => window.id))
    for (const window of now) {
      if (known.has(window.id)) continue
      const ended = yield* onDesktop({ kind: "window-opened", app: window.app_name, pid: window.pid, window_id: window.id, title: window.title })
      if (ended !== undefined) return ended
    }
    for (const [id, window] of [...known]) {
      if (ids.has(id)) continue
      const ended = yield* onDesktop({ kind: "window-closed", app: window.app_name, pid: window.pid, window_id: id, title: window.title })
      if (ended !== undefined) return ended
    }
    return undefined
  })

  const loop = Effect.gen(function*() {
    // What changed while nobody looked.
    if (yield* look(main.id)) return "count" as const
    for (;;) {
      const trigger = yield* Effect.promise(() => feed.next(deadline))
      if (trigger === undefined) return "timeout" as const
      if (trigger.kind === "dropped") {
        if (report({ kind: "events-dropped", count: trigger.count })) return "count" as const
        continue
      }
      if (trigger.kind === "look") {
        const ended = yield* windowsChanged()
        if (ended !== undefined) return ended
        for (const id of [...watched.keys()]) if (yield* look(id)) return "count" as const
        continue
      }
      if (!sameApp(trigger.event, main)) continue
      const ended = yield* onDesktop(trigger.event)
      if (ended !== undefined) return ended
    }
  })
  const ended: WatchEnd = yield* loop.pipe(Effect.ensuring(Effect.gen(function*() {
    feed.close()
    if (desktop !== undefined) yield* desktop.close()
    if (changes !== undefined) yield* changes.close()
  })))
  return { ended, events } satisfies WatchResult
})
