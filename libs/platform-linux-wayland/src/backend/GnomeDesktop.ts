/**
 * The GNOME backend's windows, through agent-desktop's GNOME Shell extension (`GnomeWindows.ts`): the window manager's
 * view (find, the topmost window at a point, read, list, focus/move/resize/minimize/maximize/restore/close) and the
 * session facts the accessibility layer asks (`SessionWindows`: the keyboard focus, a window's placement for
 * window-relative AT-SPI extents). Windows are matched to accessibility windows by pid, then title, then bounds.
 *
 * Placement on mutter: a toolkit counting its extents from its surface (GTK 3, whose surface includes the shadows of
 * its client-side decorations) counts from the buffer rectangle, inset by a title bar and border it draws inside the
 * surface when its AT-SPI window is smaller than the surface (Qt 5, `decorationInset`); one counting from its frame
 * (GTK 4: the xdg window geometry) from the part of the buffer inside the frame. An XWayland client's extents are
 * global already.
 *
 * Without the extension every window call refuses (`no_window_geometry`) saying how to install it, and the session
 * facts are unknown, as before the extension existed.
 */
import { PlatformError, type ChannelCapability, type ExtentsPlacement, type KeyboardFocus, type ManagedWindow, type PlacementQuery, type ScreenPoint, type SessionWindows, type WindowHint, type WindowOperation } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { existsSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { packageRoot } from "../Addon.js"
import type { DbusCall } from "../DbusCall.js"
import { EXTENSION_UUID, ExtensionNotRunning, extensionState, type GnomeRect, type GnomeWindow, type GnomeWindows, WINDOWS_BUS_NAME, WINDOWS_INTERFACE_VERSION } from "../GnomeWindows.js"
import { toPlatformError } from "./waylandErrors.js"
import { contains, intersection, matchWindowOf } from "./windowMatching.js"

export const NO_WINDOWS =
  "GNOME Shell tells an ordinary client nothing about windows (its Introspect and Eval interfaces are restricted to allowed callers, and mutter has no window-geometry API)"

/** The shipped installer's path (in the installed package). */
const installer = (): string => {
  try {
    return join(packageRoot(), "gnome-extension", "install.sh")
  } catch {
    return "@agent-desktop/platform-linux-wayland/gnome-extension/install.sh"
  }
}

export const extensionSuggestion = (): string =>
  `install agent-desktop's GNOME Shell extension once: sh ${installer()} (copies ${EXTENSION_UUID} into ~/.local/share/gnome-shell/extensions and enables it), ` +
  "then log out and in (GNOME Shell on Wayland loads a newly installed extension at the next log-in); an installed one is enabled with: " +
  `gnome-extensions enable ${EXTENSION_UUID}`

/** Where GNOME Shell looks for the extension: the user's data directory, then the system's. */
const installedAt = (): string | undefined => {
  const user = process.env["XDG_DATA_HOME"] || join(homedir(), ".local", "share")
  const system = (process.env["XDG_DATA_DIRS"] || "/usr/local/share:/usr/share").split(":").filter(Boolean)
  return [user, ...system].map((dir) => join(dir, "gnome-shell", "extensions", EXTENSION_UUID)).find((dir) => existsSync(join(dir, "metadata.json")))
}

const VIA = `agent-desktop's GNOME Shell extension ${EXTENSION_UUID} (${WINDOWS_BUS_NAME} on the session bus): window list with frame and buffer geometry, focus, move, resize, minimize, maximize, close; windows matched to AT-SPI by pid and title`

/** The windows channel as `status` reports it: the extension running, or why not and how to get it. */
export const windowsCapability = async (call: () => DbusCall): Promise<ChannelCapability> => {
  let bus: DbusCall
  try {
    bus = call()
  } catch (error) {
    return { state: "unavailable", reason: `${NO_WINDOWS}; the session bus is not reachable to ask for agent-desktop's extension: ${(error as Error).message}`, kind: "no_window_geometry" }
  }
  const state = await extensionState(bus)
  if (state.kind === "running" && state.version === WINDOWS_INTERFACE_VERSION) return { state: "available", via: VIA, grant: "granted" }
  const at = installedAt()
  const why =
    state.kind === "running"
      ? `the running extension speaks version ${state.version} of its interface, this agent-desktop version ${WINDOWS_INTERFACE_VERSION} (install this version's extension and log in again)`
      : state.kind === "not_loaded"
        ? at === undefined
          ? `agent-desktop's extension ${EXTENSION_UUID} is not installed`
          : `agent-desktop's extension is installed (${at}) but the running shell has not loaded it (it loads at the next log-in)`
        : state.kind === "disabled"
          ? `agent-desktop's extension ${EXTENSION_UUID} is installed but disabled (gnome-extensions enable ${EXTENSION_UUID})`
          : state.kind === "failed"
            ? `agent-desktop's extension ${EXTENSION_UUID} failed in GNOME Shell: ${state.error}`
            : state.kind === "other"
              ? `GNOME Shell reports agent-desktop's extension in state ${state.state}`
              : `agent-desktop's extension does not answer and ${state.reason}`
  return { state: "unavailable", reason: `${NO_WINDOWS}; ${why}`, kind: "no_window_geometry", suggestion: extensionSuggestion() }
}

/** Application windows a person sees. */
const shown = (w: GnomeWindow) => w.normal && !w.minimized && !w.hidden

/** The one window of `pid` (titled `title` when it has several; the nearest to `bounds` among equals). */
export const matchGnomeWindow = (windows: ReadonlyArray<GnomeWindow>, pid: number | undefined, title: string, bounds?: GnomeRect): GnomeWindow | undefined =>
  matchWindowOf(windows, (w) => w.title, pid, title, bounds)

export const placementOfGnomeWindow = (w: GnomeWindow, query: PlacementQuery): ExtentsPlacement => {
  if (w.client === "x11") {
    return query.windowRelative ? { kind: "window", origin: { x: w.buffer.x, y: w.buffer.y }, frame: w.frame } : { kind: "screen", frame: w.frame }
  }
  if (query.origin === undefined) {
    return { kind: "unknown", reason: "this toolkit's window origin on Wayland was never measured, so its window-relative extents cannot be placed on the screen" }
  }
  if (query.origin === "frame") {
    const from = intersection(w.buffer, w.frame)
    return { kind: "window", origin: { x: from.x, y: from.y }, frame: w.frame }
  }
  const inset = decorationInset(w.buffer, query.extents)
  return { kind: "window", origin: { x: w.buffer.x + inset.x, y: w.buffer.y + inset.y }, frame: w.frame }
}

/**
 * Where a surface-counting toolkit's content starts inside its surface. GTK 3's AT-SPI window is its whole surface
 * (shadows included): no inset. Qt 5 draws its own title bar and border inside its surface on mutter and counts its
 * extents from the content inside them (measured: a 486x353 surface, a 480x320 AT-SPI window, content at +3, +30): the
 * border is as wide on the sides as at the bottom, the title bar takes the rest of the height.
 */
export const decorationInset = (buffer: GnomeRect, atspiWindow: { readonly width: number; readonly height: number } | undefined): { readonly x: number; readonly y: number } => {
  if (atspiWindow === undefined || atspiWindow.width >= buffer.width || atspiWindow.height >= buffer.height) return { x: 0, y: 0 }
  const side = Math.floor((buffer.width - atspiWindow.width) / 2)
  return { x: side, y: Math.max(0, buffer.height - atspiWindow.height - side) }
}

/** The topmost shown window whose frame contains the point. */
export const topmostGnomeWindowAt = (windows: ReadonlyArray<GnomeWindow>, point: ScreenPoint): GnomeWindow | undefined =>
  [...windows].sort((a, b) => b.stacking - a.stacking).find((w) => shown(w) && contains(w.frame, point))

const toManaged = (w: GnomeWindow): ManagedWindow => ({
  nativeId: w.id,
  title: w.title,
  pid: w.pid,
  bounds: w.frame,
  client: w.buffer,
  minimized: w.minimized,
  maximized: w.maximized,
  focused: w.focused
})

const failure = (what: string) => (error: unknown): PlatformError =>
  error instanceof ExtensionNotRunning
    ? new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `${what}: ${NO_WINDOWS}; ${error.message}`, details: { kind: "no_window_geometry" }, suggestion: extensionSuggestion(), steps: [] })
    : error instanceof PlatformError
      ? error
      : toPlatformError(what)(error)

export const gnomeWindowManager = (windows: () => GnomeWindows) => {
  const use = <A>(what: string, f: (w: GnomeWindows) => Promise<A>): Effect.Effect<A, PlatformError> =>
    Effect.tryPromise({ try: () => f(windows()), catch: failure(what) })

  const byId = async (w: GnomeWindows, nativeId: number): Promise<GnomeWindow> => {
    const found = (await w.list()).find((x) => x.id === nativeId)
    if (found === undefined) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `GNOME Shell has no window ${nativeId} any more` })
    return found
  }

  return {
    findWindow: (hint: WindowHint) =>
      use("window lookup", async (w) => {
        const found = matchGnomeWindow(await w.list(), hint.pid, hint.title, hint.bounds)
        if (found === undefined) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `GNOME Shell shows no single window of pid ${hint.pid} titled '${hint.title}'` })
        return toManaged(found)
      }),
    topWindowAt: (point: ScreenPoint) =>
      use("window at point", async (w) => {
        const { overview, windows } = await w.state()
        return overview ? undefined : topmostGnomeWindowAt(windows, point)?.id
      }),
    readWindow: (nativeId: number) => use("window readback", async (w) => toManaged(await byId(w, nativeId))),
    listWindows: () => use("window list", async (w) => (await w.list()).filter((x) => x.normal).map(toManaged)),
    operateWindow: (nativeId: number, operation: WindowOperation) =>
      use(`window ${operation.kind}`, async (w) => {
        if (!(await w.operate(nativeId, operation))) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `GNOME Shell has no window ${nativeId} any more` })
      })
  }
}

/** The session facts, never failing: what cannot be told (no extension) is unknown/undefined/false. */
export const gnomeSessionWindows = (windows: () => GnomeWindows): SessionWindows => {
  const ask = <A>(fallback: A, f: (w: GnomeWindows) => Promise<A>): Effect.Effect<A> =>
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
        const focused = (await w.list()).find((x) => x.focused)
        return focused === undefined ? { kind: "none" } : { kind: "pid", pid: focused.pid }
      }),
    windowOfProcess: (pid, title) => ask(undefined, async (w) => {
      const found = matchGnomeWindow(await w.list(), pid, title)
      return found === undefined ? undefined : String(found.id)
    }),
    focusWindow: (window) =>
      ask(false, async (w) => (await w.operate(Number(window), { kind: "focus" })) && (await w.list()).find((x) => x.id === Number(window))?.focused === true),
    extentsPlacement: (query) =>
      Effect.promise(async (): Promise<ExtentsPlacement> => {
        const list = await windows().list().catch((error: unknown) => error as Error)
        if (list instanceof ExtensionNotRunning) return { kind: "unknown", reason: `${NO_WINDOWS}; ${list.message}; ${extensionSuggestion()}` }
        if (list instanceof Error) return { kind: "unknown", reason: `agent-desktop's GNOME Shell extension did not answer: ${list.message}` }
        const window = matchGnomeWindow(list, query.pid, query.title)
        if (window === undefined) return { kind: "unknown", reason: `GNOME Shell shows no single window of pid ${query.pid ?? "?"} titled '${query.title}'` }
        return placementOfGnomeWindow(window, query)
      }),
    windowOwners: () => ask(undefined, async (w) => (await w.list()).filter(shown).map((x) => ({ pid: x.pid, title: x.title }))),
    activeWindow: () =>
      ask(undefined, async (w) => {
        const focused = (await w.list()).find((x) => x.focused)
        return focused === undefined ? undefined : { pid: focused.pid, title: focused.title }
      }),
    // Popups (menus, popovers) are override-redirect or xdg_popup windows the list leaves out.
    popupWindows: () => Effect.succeed(undefined)
  }
}
