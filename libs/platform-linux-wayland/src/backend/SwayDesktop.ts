/**
 * sway's side of the wlroots backend, over its IPC: the window manager's view (`WindowManager`: find a window, the
 * topmost one at a point, read one, focus/move/resize/close it) and the session facts the accessibility layer asks
 * (`SessionWindows`: the keyboard focus, a window's placement for window-relative AT-SPI extents). Windows are sway's
 * containers (`nativeId` = the con id), matched to accessibility windows by pid, then title, then bounds.
 *
 * Without sway (another wlroots compositor: no SWAYSOCK) the Wayland protocols name windows but never say where
 * they are, so these refuse with that reason and the session facts answer "cannot tell".
 */
import { PlatformError, type ExtentsPlacement, type KeyboardFocus, type ManagedWindow, type PlacementQuery, type ScreenPoint, type SessionWindows, type WindowHint, type WindowOperation } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { originFrom } from "../Coordinates.js"
import type { SwayIpc, SwayWindow } from "../SwayIpc.js"
import { unsupported, toPlatformError } from "./waylandErrors.js"
import { contains, matchWindowOf, type Rect } from "./windowMatching.js"

const noIpc = () =>
  unsupported(
    "this wlroots compositor has no sway IPC (SWAYSOCK is not set): the Wayland protocols name windows but do not say where they are, so window geometry, moves and resizes are not available",
    { kind: "no_window_geometry" }
  )

/** The one window of `pid` (titled `title` when it has several; the nearest to `bounds` among equals). */
export const matchWindow = (windows: ReadonlyArray<SwayWindow>, pid: number | undefined, title: string, bounds?: Rect): SwayWindow | undefined =>
  matchWindowOf(windows, (w) => w.title, pid, title, bounds)

/** Where the surface sits: sway's container minus its border (`window_rect` is relative to `rect`). */
const contentOf = (w: SwayWindow) => ({
  x: w.rect.x + w.windowRect.x,
  y: w.rect.y + w.windowRect.y,
  width: w.windowRect.width,
  height: w.windowRect.height
})

/**
 * The placement of a window's AT-SPI extents. An XWayland client knows where it is (X11 coordinates are sway's
 * global ones), so its extents are already global unless its toolkit answers window-relative ones on X11 too; a
 * native client's extents count from its surface or frame, which sway puts at the content area (centred there when
 * a tiled frame is smaller: `Coordinates.ts`).
 */
export const placementOfWindow = (w: SwayWindow, query: PlacementQuery): ExtentsPlacement => {
  const content = contentOf(w)
  if (w.shell === "xwayland") {
    return query.windowRelative ? { kind: "window", origin: { x: content.x, y: content.y }, frame: w.frame } : { kind: "screen", frame: w.frame }
  }
  if (query.origin === undefined) {
    return { kind: "unknown", reason: "this toolkit's window origin on Wayland was never measured, so its window-relative extents cannot be placed on the screen" }
  }
  if (query.extents === undefined) return { kind: "unknown", reason: "the app gave no size for its window, which placing a tiled window needs" }
  const origin = originFrom(query.origin, { content, centresSmallerFrame: !w.floating && !w.fullscreen }, query.extents)
  return { kind: "window", origin, frame: w.frame }
}

const toManaged = (w: SwayWindow): ManagedWindow => ({
  nativeId: w.id,
  title: w.title,
  pid: w.pid,
  bounds: w.frame,
  // sway has no minimized state (a window in the scratchpad is hidden, not iconified) and no maximized one.
  minimized: false,
  maximized: false,
  focused: w.focused
})

/**
 * The topmost window at a point on sway: a fullscreen window covers its output, floating windows are above the tiled
 * ones (the later in the tree the higher: sway raises a focused floating window to the end), tiled ones never overlap.
 */
export const topmostAt = (windows: ReadonlyArray<SwayWindow>, point: ScreenPoint): SwayWindow | undefined => {
  const visible = windows.filter((w) => w.visible && contains(w.frame, point))
  return visible.find((w) => w.fullscreen) ?? [...visible].reverse().find((w) => w.floating) ?? visible.find((w) => !w.floating)
}

export const swayWindowManager = (ipc: () => SwayIpc | undefined) => {
  const use = <A>(what: string, f: (ipc: SwayIpc) => Promise<A>): Effect.Effect<A, PlatformError> =>
    Effect.suspend(() => {
      const connection = ipc()
      if (connection === undefined) return Effect.fail(noIpc())
      return Effect.tryPromise({ try: () => f(connection), catch: toPlatformError(what) })
    })

  const windowById = async (connection: SwayIpc, id: number): Promise<SwayWindow> => {
    const found = (await connection.windows()).find((w) => w.id === id)
    if (found === undefined) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `sway has no window ${id} any more` })
    return found
  }

  const operate = async (connection: SwayIpc, id: number, operation: WindowOperation): Promise<void> => {
    const window = await windowById(connection, id)
    switch (operation.kind) {
      case "focus":
        await connection.focus(id)
        return
      case "move":
        await connection.move(id, operation.x, operation.y)
        return
      case "resize":
        await connection.resize(id, operation.width, operation.height)
        return
      case "close":
        await connection.command(`[con_id=${id}] kill`)
        return
      case "restore":
        if (window.fullscreen) await connection.command(`[con_id=${id}] fullscreen disable`)
        return
      case "minimize":
      case "maximize":
        throw unsupported(
          `sway has no ${operation.kind}d windows (it tiles them; a window can be made fullscreen or floating instead)`,
          { kind: `compositor_has_no_${operation.kind}` }
        )
    }
  }

  return {
    findWindow: (hint: WindowHint) =>
      use("window lookup", async (connection) => {
        const found = matchWindow(await connection.windows(), hint.pid, hint.title, hint.bounds)
        if (found === undefined) {
          throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `sway shows no single window of pid ${hint.pid} titled '${hint.title}'` })
        }
        return toManaged(found)
      }),
    topWindowAt: (point: ScreenPoint) => use("window at point", async (connection) => topmostAt(await connection.windows(), point)?.id),
    readWindow: (nativeId: number) => use("window readback", async (connection) => toManaged(await windowById(connection, nativeId))),
    listWindows: () => use("window list", async (connection) => (await connection.windows()).map(toManaged)),
    operateWindow: (nativeId: number, operation: WindowOperation) => use(`window ${operation.kind}`, (connection) => operate(connection, nativeId, operation))
  }
}

/** The session facts, never failing: what cannot be told is unknown/undefined/false. */
export const swaySessionWindows = (ipc: () => SwayIpc | undefined): SessionWindows => {
  const ask = <A>(fallback: A, f: (ipc: SwayIpc) => Promise<A>): Effect.Effect<A> =>
    Effect.promise(async () => {
      const connection = ipc()
      if (connection === undefined) return fallback
      return f(connection).catch(() => fallback)
    })
  return {
    keyboardFocus: () =>
      ask<KeyboardFocus>({ kind: "unknown" }, async (connection) => {
        const focused = (await connection.windows()).find((w) => w.focused)
        return focused === undefined ? { kind: "none" } : { kind: "pid", pid: focused.pid }
      }),
    windowOfProcess: (pid, title) =>
      ask(undefined, async (connection) => {
        const found = matchWindow(await connection.windows(), pid, title)
        return found === undefined ? undefined : String(found.id)
      }),
    focusWindow: (window) =>
      ask(false, async (connection) => {
        const id = Number(window)
        if (!Number.isSafeInteger(id)) return false
        await connection.focus(id)
        for (let i = 0; i < 20; i++) {
          if ((await connection.windows()).find((w) => w.id === id)?.focused === true) return true
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
        return false
      }),
    extentsPlacement: (query) =>
      Effect.promise(async (): Promise<ExtentsPlacement> => {
        const connection = ipc()
        if (connection === undefined) {
          return { kind: "unknown", reason: "this wlroots compositor has no sway IPC (SWAYSOCK is not set), and the Wayland protocols do not say where windows are" }
        }
        const windows = await connection.windows().catch((error: unknown) => error as Error)
        if (windows instanceof Error) return { kind: "unknown", reason: `sway's IPC did not answer: ${windows.message}` }
        const window = matchWindow(windows, query.pid, query.title, undefined)
        if (window === undefined) {
          return { kind: "unknown", reason: `sway shows no single window of pid ${query.pid ?? "?"} titled '${query.title}'` }
        }
        return placementOfWindow(window, query)
      }),
    windowOwners: () => ask(undefined, async (connection) => (await connection.windows()).filter((w) => w.visible).map((w) => ({ pid: w.pid, title: w.title }))),
    activeWindow: () =>
      ask(undefined, async (connection) => {
        const focused = (await connection.windows()).find((w) => w.focused)
        return focused === undefined ? undefined : { pid: focused.pid, title: focused.title }
      }),
    // Popups (menus, popovers) are xdg_popup surfaces, which no sway IPC or foreign-toplevel protocol lists.
    popupWindows: () => Effect.succeed(undefined)
  }
}
