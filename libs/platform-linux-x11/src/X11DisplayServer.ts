/**
 * The X11 backend of the display-server layer (`DisplayServerShape`): the addon's parts behind Effects, errors
 * mapped to the contract (`x11Errors.ts`), the X connection opened on first use (`openX11.ts`), and the session
 * facts from the X utilities (`session/`). It serves X11 sessions; under XWayland the adapter keeps it out.
 */
import {
  PlatformError,
  type Bounds,
  type DeliveryStep,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape,
  type ManagedWindow,
  type WindowOperation
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { loadAddon } from "./Addon.js"
import { selectionItems } from "./ClipboardContent.js"
import { startOwner } from "./ClipboardOwnerProcess.js"
import { environmentRefusal, forgetLostX11, openX11 } from "./openX11.js"
import { x11SessionWindows } from "./session/X11SessionWindows.js"
import type { WindowView } from "./windows/X11Windows.js"
import { PartialInput, toPlatformError, unsupported } from "./x11Errors.js"
import type { X11Session } from "./X11Session.js"

const failure = (what: string, steps?: ReadonlyArray<DeliveryStep>) => (error: unknown): PlatformError => {
  if (!(error instanceof PlatformError)) forgetLostX11(error)
  return toPlatformError(what, steps)(error)
}

const run = <A>(what: string, f: (s: X11Session) => A): Effect.Effect<A, PlatformError> =>
  Effect.try({ try: () => f(openX11()), catch: failure(what) })

const needXtest = (s: X11Session) => {
  if (!s.info.xtest) {
    throw unsupported("the X server has no XTEST extension, so no pointer or key input can be synthesised", {
      kind: "xtest_missing"
    })
  }
}

/** Input that may have partly reached the server when it failed. */
const input = (what: string, label: string, f: (s: X11Session) => void): Effect.Effect<void, PlatformError> =>
  Effect.try({
    try: () => {
      const s = openX11()
      needXtest(s)
      try {
        f(s)
      } catch (error) {
        throw new PartialInput("the X server refused part of the input", error)
      }
    },
    catch: failure(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])
  })

const toManaged = (view: WindowView): ManagedWindow => ({
  nativeId: view.xid,
  title: view.title,
  ...(view.pid === undefined ? {} : { pid: view.pid }),
  bounds: view.bounds,
  client: view.client,
  minimized: view.minimized,
  maximized: view.maximized,
  focused: view.focused
})

const operate = (s: X11Session, xid: number, operation: WindowOperation): void => {
  const windows = s.windows
  switch (operation.kind) {
    case "focus":
      return windows.activate(xid)
    case "move":
      return windows.moveResizeFrame(xid, { x: operation.x, y: operation.y })
    case "resize":
      return windows.moveResizeFrame(xid, { width: operation.width, height: operation.height })
    case "minimize":
      return windows.minimize(xid)
    case "maximize":
      return windows.setMaximized(xid, true)
    case "close":
      return windows.close(xid)
    case "restore": {
      const view = windows.read(xid)
      if (view.maximized) windows.setMaximized(xid, false)
      if (view.minimized) windows.activate(xid)
      return
    }
  }
}

const needWindowManager = (s: X11Session, what: string) => {
  if (s.windows.manager() === undefined) {
    throw unsupported(`${what} needs an EWMH window manager, and none is running on ${s.info.display}`, {
      kind: "no_window_manager"
    })
  }
}

/** What each channel uses here; without the addon, the addon's channels say what is missing. No connection opened. */
const capabilities = (): DisplayCapabilities => {
  const refusal = environmentRefusal()
  const load = refusal ? undefined : loadAddon()
  const addon = (via: string) =>
    refusal
      ? { state: "unavailable" as const, reason: refusal.message, kind: String(refusal.details?.["kind"]) }
      : load?._tag === "Unavailable"
      ? { state: "unavailable" as const, reason: load.reason, kind: "native_addon_unavailable" }
      : { state: "available" as const, via }
  return {
    pointer: addon("XTEST (native addon)"),
    keyboard: { state: "available", via: "AT-SPI's device event controller (the registry injects with XTEST)" },
    capture: addon("MIT-SHM, else XGetImage (native addon)"),
    windows: addon("EWMH (native addon); keyboard focus through xdotool, window origins through xwininfo"),
    displays: addon("XRandR 1.5 monitors (native addon)"),
    clipboard: addon("X selections (native addon; a detached owner process serves what is set)"),
    notifications: { state: "available", via: "xfce4-notifyd's popups in the accessibility tree, dismissed with the pointer (another daemon answers PLATFORM_NOT_SUPPORTED naming it)" }
  }
}

export const x11DisplayServer: DisplayServerShape = {
  backend: "x11",
  ready: () => Effect.try({ try: () => void openX11(), catch: failure("X11") }),
  capabilities: () => Effect.sync(capabilities),
  displays: () =>
    run("list-displays", (s) =>
      s.displays.list().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: 1 }))),
  pointer: () =>
    run("pointer query", (s) => {
      const p = s.pointer.position()
      return { x: p.x, y: p.y, windowUnder: p.child }
    }),
  moveTo: (point) => input("mouse-move", "XTestFakeMotionEvent", (s) => s.pointer.moveTo(point.x, point.y)),
  click: (point, options) =>
    input("mouse-click", "XTestFakeButtonEvent", (s) => s.pointer.click(point.x, point.y, options.button, options.count, options.modifiers)),
  drag: (from, to, options) =>
    input("drag", "XTestFakeButtonEvent(drag)", (s) => s.pointer.drag(from, to, options.durationMs, options.dropDelayMs)),
  wheel: (point, options) =>
    input("mouse-wheel", "XTestFakeButtonEvent(wheel)", (s) => s.pointer.wheel(point.x, point.y, options.dx, options.dy, options.modifiers)),
  capture: (region?: Bounds) =>
    run("screenshot", (s) => {
      const shot = s.capture.png(region)
      return { png: shot.png, width: shot.width, height: shot.height, scaleFactor: 1 }
    }),
  clipboardRead: (format) => run("clipboard-get", (s) => s.clipboard.read(format)),
  clipboardWrite: (content) =>
    Effect.flatMap(run("clipboard-set", () => selectionItems(content)), (items) =>
      Effect.tryPromise({
        try: async () => ({ ownerPid: await startOwner("CLIPBOARD", items) }),
        catch: (error) => new PlatformError({ code: "ACTION_FAILED", message: `clipboard-set: ${(error as Error).message}` })
      })),
  clipboardClear: () => run("clipboard-clear", (s) => void s.clipboard.clear()),
  findWindow: (hint) =>
    run("window lookup", (s) => {
      const view = s.windows.find(hint.pid, hint.title, hint.bounds)
      if (!view) {
        throw new PlatformError({
          code: "WINDOW_NOT_FOUND",
          message: `no X11 window of pid ${hint.pid} titled '${hint.title}' is managed on ${s.info.display}`
        })
      }
      return toManaged(view)
    }),
  topWindowAt: (point) => run("window at point", (s) => s.windows.topAt(point.x, point.y)),
  readWindow: (nativeId) => run("window readback", (s) => toManaged(s.windows.read(nativeId))),
  listWindows: () =>
    run("window list", (s) =>
      s.windows.clients().flatMap((xid) => {
        try {
          const view = s.windows.read(xid)
          return view.mapped || view.minimized ? [toManaged(view)] : []
        } catch {
          return [] // closed while we looked
        }
      })),
  operateWindow: (nativeId, operation) =>
    run(`window ${operation.kind}`, (s) => {
      needWindowManager(s, `window ${operation.kind}`)
      operate(s, nativeId, operation)
    }),
  ...x11SessionWindows
}

/** Serves X11 sessions (`DISPLAY` set, not a Wayland session). */
export const x11Backend: DisplayServerBackend = {
  id: "x11",
  serves: (session) => session.type === "x11",
  server: () => x11DisplayServer
}
