/**
 * `NativeDesktopShape` on X11: the addon behind Effects, errors mapped to the contract. Loaded on the first call of
 * `x11Native()`; one X connection per process. Refusals come before anything is sent: no addon (what is missing),
 * a Wayland session (XTEST would only reach XWayland clients and capture sees no Wayland windows), no display.
 */
import {
  PlatformError,
  type Bounds,
  type DeliveryStep,
  type ManagedWindow,
  type NativeDesktopShape,
  type WindowOperation
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { loadAddon } from "./Addon.js"
import { parseUriList, selectionItems, type ClipboardContent } from "./ClipboardContent.js"
import { startOwner } from "./ClipboardOwnerProcess.js"
import { PartialInput, X11Session, type WindowView } from "./X11Session.js"

let session: X11Session | undefined

/** Every use is a refusal before anything is sent: `steps: []` says so to the engine's evidence (nothing went out). */
const unsupported = (message: string, details: Record<string, unknown>) =>
  new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message, details, steps: [] })

/** Why X11 input and capture cannot run in this environment, or undefined when they can. */
export const environmentRefusal = (env: NodeJS.ProcessEnv = process.env): PlatformError | undefined => {
  if (env["XDG_SESSION_TYPE"] === "wayland" || (env["WAYLAND_DISPLAY"] && !env["DISPLAY"])) {
    return unsupported(
      "this is a Wayland session: coordinate input, screenshots and window moves need X11 (XTEST would reach only XWayland apps and capture cannot see Wayland windows)",
      {
        kind: "wayland_session",
        works_instead: "snapshot, find and the semantic ref actions (click, set-value, type, ...) work through AT-SPI"
      }
    )
  }
  if (!env["DISPLAY"]) {
    return unsupported("no X display: DISPLAY is not set", { kind: "no_display" })
  }
  return undefined
}

const open = (): X11Session => {
  if (session) return session
  const refusal = environmentRefusal()
  if (refusal) throw refusal
  const load = loadAddon()
  if (load._tag === "Unavailable") {
    throw unsupported(load.reason, { kind: "native_addon_unavailable", missing: load.missing })
  }
  try {
    session = new X11Session(load.addon)
  } catch (error) {
    throw unsupported(`cannot open the X display ${process.env["DISPLAY"] ?? ""}: ${(error as Error).message}`, {
      kind: "no_display"
    })
  }
  if (!session.info.xtest) {
    // Capture and window operations still work; input calls fail below with this reason.
  }
  return session
}

const connectionLost = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === "X11_CONNECTION_LOST" || code === "X11_NOT_OPEN"
}

const toPlatformError = (what: string, steps?: ReadonlyArray<DeliveryStep>) => (error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error
  // The X server went away: forget the session so a long-lived host reconnects on its next call.
  if (connectionLost(error)) session = undefined
  const code = (error as { code?: string })?.code
  if (code === "X11_CONNECTION_LOST") {
    return new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `${what}: the connection to the X display was lost`, details: { kind: "display_lost" } })
  }
  if (code === "X11_BAD_WINDOW") return new PlatformError({ code: "WINDOW_NOT_FOUND", message: `${what}: the window is gone` })
  if (error instanceof RangeError) return new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${error.message}` })
  if (error instanceof PartialInput) {
    return new PlatformError({
      code: "ACTION_FAILED",
      message: `${what}: ${error.message}`,
      platformDetail: String(error.cause),
      ...(steps ? { steps } : {})
    })
  }
  return new PlatformError({ code: "ACTION_FAILED", message: `${what} failed`, platformDetail: (error as Error)?.message ?? String(error) })
}

const run = <A>(what: string, f: (s: X11Session) => A): Effect.Effect<A, PlatformError> =>
  Effect.try({ try: () => f(open()), catch: toPlatformError(what) })

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
      const s = open()
      needXtest(s)
      try {
        f(s)
      } catch (error) {
        throw new PartialInput("the X server refused part of the input", error)
      }
    },
    catch: toPlatformError(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])
  })

const toManaged = (view: WindowView): ManagedWindow => ({
  nativeId: view.xid,
  title: view.title,
  ...(view.pid === undefined ? {} : { pid: view.pid }),
  bounds: view.bounds,
  minimized: view.minimized,
  maximized: view.maximized,
  focused: view.focused
})

const operate = (s: X11Session, xid: number, operation: WindowOperation): void => {
  switch (operation.kind) {
    case "focus":
      return s.activate(xid)
    case "move":
      return s.moveResizeFrame(xid, { x: operation.x, y: operation.y })
    case "resize":
      return s.moveResizeFrame(xid, { width: operation.width, height: operation.height })
    case "minimize":
      return s.minimize(xid)
    case "maximize":
      return s.setMaximized(xid, true)
    case "close":
      return s.close(xid)
    case "restore": {
      const view = s.readWindow(xid)
      if (view.maximized) s.setMaximized(xid, false)
      if (view.minimized) s.activate(xid)
      return
    }
  }
}

const TEXT_TARGETS = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT", "text/plain"]

const readClipboard = (s: X11Session, format: "text" | "image" | "file_urls" | "auto"): ClipboardContent | undefined => {
  const targets = s.clipboardTargets()
  if (targets.length === 0) return undefined
  const wants = format === "auto" ? (["image", "file_urls", "text"] as const) : [format]
  for (const want of wants) {
    if (want === "image" && targets.includes("image/png")) {
      const png = s.clipboardBytes("image/png")
      if (png) return { type: "image", png }
    }
    if (want === "file_urls" && targets.includes("text/uri-list")) {
      const list = s.clipboardBytes("text/uri-list")
      if (list) {
        const paths = parseUriList(list.toString("utf8"))
          .filter((u) => u.startsWith("file://"))
          .map((u) => decodeURIComponent(new URL(u).pathname))
        if (paths.length > 0) return { type: "file_urls", paths }
      }
    }
    if (want === "text") {
      const target = TEXT_TARGETS.find((t) => targets.includes(t))
      if (target) {
        const bytes = s.clipboardBytes(target)
        if (bytes) return { type: "text", text: bytes.toString(target === "STRING" ? "latin1" : "utf8") }
      }
    }
  }
  return undefined
}

const needWindowManager = (s: X11Session, what: string) => {
  if (s.windowManager() === undefined) {
    throw unsupported(`${what} needs an EWMH window manager, and none is running on ${s.info.display}`, {
      kind: "no_window_manager"
    })
  }
}

export const X11NativeDesktop: NativeDesktopShape = {
  displays: () =>
    run("list-displays", (s) =>
      s.displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: 1 }))),
  pointer: () =>
    run("pointer query", (s) => {
      const p = s.pointer()
      return { x: p.x, y: p.y, windowUnder: p.child }
    }),
  moveTo: (point) => input("mouse-move", "XTestFakeMotionEvent", (s) => s.moveTo(point.x, point.y)),
  click: (point, options) =>
    input("mouse-click", "XTestFakeButtonEvent", (s) => s.click(point.x, point.y, options.button, options.count, options.modifiers)),
  drag: (from, to, options) =>
    input("drag", "XTestFakeButtonEvent(drag)", (s) => s.drag(from, to, options.durationMs, options.dropDelayMs)),
  wheel: (point, options) =>
    input("mouse-wheel", "XTestFakeButtonEvent(wheel)", (s) => s.wheel(point.x, point.y, options.dx, options.dy, options.modifiers)),
  capture: (region?: Bounds) =>
    run("screenshot", (s) => {
      const shot = s.capture(region)
      return { png: shot.png, width: shot.width, height: shot.height, scaleFactor: 1 }
    }),
  clipboardRead: (format) => run("clipboard-get", (s) => readClipboard(s, format)),
  clipboardWrite: (content) =>
    Effect.flatMap(run("clipboard-set", () => selectionItems(content)), (items) =>
      Effect.tryPromise({
        try: async () => ({ ownerPid: await startOwner("CLIPBOARD", items) }),
        catch: (error) => new PlatformError({ code: "ACTION_FAILED", message: `clipboard-set: ${(error as Error).message}` })
      })),
  clipboardClear: () => run("clipboard-clear", (s) => void s.clipboardClear()),
  findWindow: (hint) =>
    run("window lookup", (s) => {
      const view = s.findWindow(hint.pid, hint.title, hint.bounds)
      if (!view) {
        throw new PlatformError({
          code: "WINDOW_NOT_FOUND",
          message: `no X11 window of pid ${hint.pid} titled '${hint.title}' is managed on ${s.info.display}`
        })
      }
      return toManaged(view)
    }),
  topWindowAt: (point) => run("window at point", (s) => s.topWindowAt(point.x, point.y)),
  readWindow: (nativeId) => run("window readback", (s) => toManaged(s.readWindow(nativeId))),
  operateWindow: (nativeId, operation) =>
    run(`window ${operation.kind}`, (s) => {
      needWindowManager(s, `window ${operation.kind}`)
      operate(s, nativeId, operation)
    })
}

/** The NativeDesktop facet for `DesktopAdapterShape.native`: fails PLATFORM_NOT_SUPPORTED when X11 is unusable. */
export const x11Native = (): Effect.Effect<NativeDesktopShape, PlatformError> =>
  Effect.try({ try: () => (open(), X11NativeDesktop), catch: toPlatformError("X11") })

/** Close the X connection (tests). */
export const closeX11 = (): void => {
  if (session) {
    session.addon.close()
    session = undefined
  }
}
