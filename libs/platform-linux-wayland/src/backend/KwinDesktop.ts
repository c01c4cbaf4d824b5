/**
 * KWin's side of the KDE backend, over KWin scripting (`KwinWindows.ts`): the window manager's view (find, the topmost
 * window at a point, read, list, focus/move/resize/minimize/maximize/restore/close) and the session facts the
 * accessibility layer asks (`SessionWindows`: the keyboard focus, a window's placement for window-relative AT-SPI
 * extents). Windows are matched to accessibility windows by pid, then title, then bounds.
 *
 * Placement: a toolkit that counts its extents from its surface (GTK 3, Qt 5) counts from KWin's buffer geometry; one
 * that counts from its frame (GTK 4: the xdg window geometry) counts from the part of the buffer inside KWin's frame,
 * which is the window geometry whether the client draws its own shadows (buffer ⊇ frame) or KWin decorates it
 * (frame ⊇ buffer). An XWayland client's extents are global already.
 */
import { PlatformError, type ExtentsPlacement, type KeyboardFocus, type ManagedWindow, type PlacementQuery, type ScreenPoint, type SessionWindows, type WindowHint, type WindowOperation } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { KwinScriptError } from "../KwinScripting.js"
import { numericId, uuidOf, type KwinRect, type KwinWindow, type KwinWindows } from "../KwinWindows.js"
import { toPlatformError } from "./waylandErrors.js"
import { contains, intersection, matchWindowOf } from "./windowMatching.js"

/** Application windows a person sees (not minimized, not hidden, not panels or popups). */
const shown = (w: KwinWindow) => w.normal && !w.minimized && !w.hidden

/** The one window of `pid` (titled `title` when it has several; the nearest to `bounds` among equals). */
export const matchKwinWindow = (windows: ReadonlyArray<KwinWindow>, pid: number | undefined, title: string, bounds?: KwinRect): KwinWindow | undefined =>
  matchWindowOf(windows, (w) => w.caption, pid, title, bounds)

export const placementOfKwinWindow = (w: KwinWindow, query: PlacementQuery): ExtentsPlacement => {
  if (w.xwayland) {
    return query.windowRelative ? { kind: "window", origin: { x: w.buffer.x, y: w.buffer.y }, frame: w.frame } : { kind: "screen", frame: w.frame }
  }
  if (query.origin === undefined) {
    return { kind: "unknown", reason: "this toolkit's window origin on Wayland was never measured, so its window-relative extents cannot be placed on the screen" }
  }
  const from = query.origin === "surface" ? w.buffer : intersection(w.buffer, w.frame)
  return { kind: "window", origin: { x: from.x, y: from.y }, frame: w.frame }
}

/** The topmost shown window whose frame contains the point. */
export const topmostKwinWindowAt = (windows: ReadonlyArray<KwinWindow>, point: ScreenPoint): KwinWindow | undefined =>
  [...windows].sort((a, b) => b.stacking - a.stacking).find((w) => shown(w) && contains(w.frame, point))

const toManaged = (w: KwinWindow): ManagedWindow => ({
  nativeId: numericId(w.id),
  title: w.caption,
  pid: w.pid,
  bounds: w.frame,
  client: w.buffer,
  minimized: w.minimized,
  maximized: w.maximized,
  focused: w.active
})

const failure = (what: string) => (error: unknown): PlatformError =>
  error instanceof KwinScriptError
    ? new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${error.message}`, steps: [] })
    : toPlatformError(what)(error)

export const kwinWindowManager = (windows: () => KwinWindows) => {
  const use = <A>(what: string, f: (w: KwinWindows) => Promise<A>): Effect.Effect<A, PlatformError> =>
    Effect.tryPromise({ try: () => f(windows()), catch: failure(what) })

  const byId = async (w: KwinWindows, nativeId: number): Promise<KwinWindow> => {
    const uuid = uuidOf(nativeId)
    const found = uuid === undefined ? undefined : (await w.list()).find((x) => x.id === uuid)
    if (found === undefined) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `KWin has no window ${nativeId} any more` })
    return found
  }

  return {
    findWindow: (hint: WindowHint) =>
      use("window lookup", async (w) => {
        const found = matchKwinWindow(await w.list(), hint.pid, hint.title, hint.bounds)
        if (found === undefined) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `KWin shows no single window of pid ${hint.pid} titled '${hint.title}'` })
        return toManaged(found)
      }),
    topWindowAt: (point: ScreenPoint) =>
      use("window at point", async (w) => {
        const top = topmostKwinWindowAt(await w.list(), point)
        return top === undefined ? undefined : numericId(top.id)
      }),
    readWindow: (nativeId: number) => use("window readback", async (w) => toManaged(await byId(w, nativeId))),
    listWindows: () => use("window list", async (w) => (await w.list()).filter((x) => x.normal).map(toManaged)),
    operateWindow: (nativeId: number, operation: WindowOperation) =>
      use(`window ${operation.kind}`, async (w) => {
        const window = await byId(w, nativeId)
        if (!(await w.operate(window.id, operation))) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `KWin has no window ${nativeId} any more` })
      })
  }
}

/** The session facts, never failing: what cannot be told is unknown/undefined/false. */
export const kwinSessionWindows = (windows: () => KwinWindows): SessionWindows => {
  const ask = <A>(fallback: A, f: (w: KwinWindows) => Promise<A>): Effect.Effect<A> =>
    Effect.promise(async () => {
      try {
        return await f(windows())
      } catch {
        return fallback
      }
    })
  return {
    keyboardFocus: () =>
      ask<KeyboardFocus>({ kind: "unknown" }, async (w) => {
        const active = (await w.list()).find((x) => x.active)
        return active === undefined ? { kind: "none" } : { kind: "pid", pid: active.pid }
      }),
    windowOfProcess: (pid, title) => ask(undefined, async (w) => matchKwinWindow(await w.list(), pid, title)?.id),
    focusWindow: (window) => ask(false, async (w) => (await w.operate(window, { kind: "focus" })) && (await w.list()).find((x) => x.id === window)?.active === true),
    extentsPlacement: (query) =>
      Effect.promise(async (): Promise<ExtentsPlacement> => {
        const list = await windows().list().catch((error: unknown) => error as Error)
        if (list instanceof Error) return { kind: "unknown", reason: `KWin's scripting did not answer: ${list.message}` }
        const window = matchKwinWindow(list, query.pid, query.title)
        if (window === undefined) return { kind: "unknown", reason: `KWin shows no single window of pid ${query.pid ?? "?"} titled '${query.title}'` }
        return placementOfKwinWindow(window, query)
      }),
    windowOwners: () => ask(undefined, async (w) => (await w.list()).filter(shown).map((x) => ({ pid: x.pid, title: x.caption }))),
    activeWindow: () =>
      ask(undefined, async (w) => {
        const active = (await w.list()).find((x) => x.active)
        return active === undefined ? undefined : { pid: active.pid, title: active.caption }
      }),
    // Popups (menus, popovers) are xdg_popup surfaces, which KWin's client list does not hold.
    popupWindows: () => Effect.succeed(undefined)
  }
}
