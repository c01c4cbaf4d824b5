/**
 * The KDE backend of the display-server layer (`DisplayServerShape`) on KWin: keys, text and the pointer through
 * KWin's fake input (`KwinFakeInput.ts`, one per process on the process's Wayland connection), windows through KWin
 * scripting over D-Bus (`KwinDesktop.ts`), displays from wl_output + xdg-output.
 *
 * Fake input is a restricted global: KWin offers it only to an executable an installed .desktop file authorizes
 * (`X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`, `Exec=` the executable's real path, which KWin compares with
 * the client's /proc/PID/exe). The package ships that file (`kde/agent-desktop.desktop.in`); `status` and
 * `permissions` say whether KWin granted the global to this executable and, if not, how to install the file.
 * Screenshots through `org.kde.KWin.ScreenShot2.CaptureArea`, a restricted D-Bus interface authorized by the same
 * file (`X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2`); KWin writes the image to a pipe passed as a
 * Unix fd, which Node's sockets cannot pass, so the addon holds that one call (`kwinScreenshotArea`). `status` infers
 * the screenshot grant from the fake-input one (the shipped file grants both); the call's own refusal is authoritative.
 */
import {
  type Bounds,
  type CapturedImage,
  type ChannelCapability,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape,
  PlatformError
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { realpathSync } from "node:fs"
import { join } from "node:path"
import { loadAddon, packageRoot } from "../Addon.js"
import { KwinFakeInput } from "../KwinFakeInput.js"
import { KwinScripting, type KwinBus } from "../KwinScripting.js"
import { KwinWindows } from "../KwinWindows.js"
import { OutsideLayout } from "../OutsideLayout.js"
import { UnknownKey } from "../VirtualKeyboard.js"
import type { WaylandSession } from "../WaylandSession.js"
import { CLIPBOARD_STEP, clipboardCapability, dataControlClipboard } from "./dataControlClipboard.js"
import { kwinSessionWindows, kwinWindowManager } from "./KwinDesktop.js"
import { forgetLostWayland, openWayland, waylandRefusal } from "./openWayland.js"
import { PartialInput, toPlatformError, unsupported } from "./waylandErrors.js"

export const FAKE_INPUT = "org_kde_kwin_fake_input"

/** The authorization the package ships, with `@EXEC@` where the executable's real path goes. */
export const kwinDesktopTemplate = (): string => {
  try {
    return join(packageRoot(), "kde", "agent-desktop.desktop.in")
  } catch {
    return "@agent-desktop/platform-linux-wayland/kde/agent-desktop.desktop.in"
  }
}

const executable = (): string => {
  try {
    return realpathSync(process.execPath)
  } catch {
    return process.execPath
  }
}

/** How a user grants fake input (and screenshots) to this executable. */
export const authorizationSuggestion = (): string =>
  `install KWin's authorization for this executable (${executable()}): ` +
  `mkdir -p ~/.local/share/applications && sed 's|@EXEC@|${executable()}|' ${kwinDesktopTemplate()} > ~/.local/share/applications/agent-desktop.desktop, ` +
  "then run kbuildsycoca5 (KWin finds the file through KDE's service cache) and restart agent-desktop's host (KWin grants fake input when a client connects). The file authorizes that executable for every program it runs"

const NO_FAKE_INPUT = `KWin does not offer ${FAKE_INPUT} to this executable: no installed .desktop file authorizes it (X-KDE-Wayland-Interfaces=${FAKE_INPUT})`
export const SCREENSHOT2 = "org.kde.KWin.ScreenShot2"
const NO_CAPTURE = `KWin answers ${SCREENSHOT2} only for an executable a .desktop file authorizes (X-KDE-DBUS-Restricted-Interfaces=${SCREENSHOT2})`

/** The session bus's Unix socket from DBUS_SESSION_BUS_ADDRESS (`unix:path=` or `unix:abstract=`). */
export const sessionBusSocket = (address = process.env["DBUS_SESSION_BUS_ADDRESS"] ?? ""): { readonly path: string; readonly abstract: boolean } | undefined => {
  for (const entry of address.split(";")) {
    if (!entry.startsWith("unix:")) continue
    const params = new Map(entry.slice(5).split(",").map((pair) => [pair.slice(0, pair.indexOf("=")), decodeURIComponent(pair.slice(pair.indexOf("=") + 1))] as const))
    const path = params.get("path")
    if (path) return { path, abstract: false }
    const abstract = params.get("abstract")
    if (abstract) return { path: abstract, abstract: true }
  }
  return undefined
}

const capture = (region: Bounds | undefined): CapturedImage => {
  const session = openWayland()
  const displays = session.displays()
  if (displays.length === 0) throw new RangeError("the compositor has no outputs")
  const box = region ?? session.layout()
  const socket = sessionBusSocket()
  if (socket === undefined) throw unsupported("screenshots on KDE need the session bus (DBUS_SESSION_BUS_ADDRESS names no Unix socket)", { kind: "no_session_bus" })
  let shot: { width: number; height: number; png: Buffer }
  try {
    shot = session.addon.kwinScreenshotArea(socket.path, socket.abstract, box.x, box.y, box.width, box.height)
  } catch (error) {
    const message = (error as Error).message
    if (/NoAuthorized/.test(message)) throw unsupported(`screenshot: ${NO_CAPTURE}`, { kind: "authorization_missing", suggestion: authorizationSuggestion() })
    if (/ServiceUnknown|UnknownObject|UnknownMethod/.test(message)) throw unsupported(`screenshot: this KWin offers no ${SCREENSHOT2} (${message})`, { kind: "protocol_unavailable" })
    throw new PlatformError({ code: "ACTION_FAILED", message: `screenshot: ${SCREENSHOT2}.CaptureArea failed`, platformDetail: message, steps: [] })
  }
  const display = displays.find((d) => d.bounds.x <= box.x && d.bounds.y <= box.y && box.x < d.bounds.x + d.bounds.width && box.y < d.bounds.y + d.bounds.height)
  return { png: shot.png, width: shot.width, height: shot.height, scaleFactor: display?.scale ?? 1 }
}

const notAuthorized = () => unsupported(NO_FAKE_INPUT, { kind: "authorization_missing", protocol: FAKE_INPUT, suggestion: authorizationSuggestion() })

let fake: { readonly session: WaylandSession; readonly input: KwinFakeInput } | undefined

/** The process's fake-input device on its Wayland connection (authenticated once per connection). */
const fakeInput = (): KwinFakeInput => {
  const session = openWayland()
  if (fake?.session === session) return fake.input
  if (session.info.protocols.kde_fake_input === null) throw notAuthorized()
  fake = { session, input: new KwinFakeInput(session.addon) }
  return fake.input
}

/** Input that may have partly reached KWin when it failed (a refusal before sending stays a refusal). */
const input = (what: string, label: string, f: (input: KwinFakeInput) => void): Effect.Effect<void, PlatformError> =>
  Effect.try({
    try: () => {
      const device = fakeInput()
      try {
        f(device)
      } catch (error) {
        if (error instanceof RangeError || error instanceof UnknownKey || error instanceof OutsideLayout || error instanceof PlatformError) throw error
        throw new PartialInput("KWin refused part of the input", error)
      }
    },
    catch: (error) => {
      forgetLostWayland(error)
      return toPlatformError(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])(error)
    }
  })

const down = (reason: string, kind: string, suggestion?: string): ChannelCapability => ({ state: "unavailable", reason, kind, ...(suggestion ? { suggestion } : {}) })

const capabilities = (): DisplayCapabilities => {
  const refusal = waylandRefusal()
  const load = refusal ? undefined : loadAddon()
  let session: WaylandSession | undefined
  let connectError: PlatformError | undefined
  if (!refusal && load?._tag === "Loaded") {
    try {
      session = openWayland()
    } catch (error) {
      connectError = error instanceof PlatformError ? error : unsupported(String(error), { kind: "connect_failed" })
    }
  }
  const wayland = (): ChannelCapability | undefined => {
    if (refusal) return down(refusal.message, String(refusal.details?.["kind"]))
    if (load?._tag === "Unavailable") return down(load.reason, "native_addon_unavailable")
    if (connectError || !session) return down(connectError?.message ?? "no connection", String(connectError?.details?.["kind"] ?? "connect_failed"))
    return undefined
  }
  const fakeInputChannel = (what: string): ChannelCapability => {
    const missing = wayland()
    if (missing) return missing
    const version = session!.info.protocols.kde_fake_input
    if (version === null) return down(NO_FAKE_INPUT, "authorization_missing", authorizationSuggestion())
    return { state: "available", via: `${FAKE_INPUT} v${version} (native addon; ${what}), authorized by a .desktop file for ${executable()}`, grant: "granted" }
  }
  return {
    pointer: fakeInputChannel("absolute motion in global coordinates, buttons, wheel"),
    keyboard: fakeInputChannel("evdev keys through KWin's keymap: the session layout's characters"),
    capture: (() => {
      const missing = wayland()
      if (missing) return missing
      if (session!.info.protocols.kde_fake_input === null) return down(NO_CAPTURE, "authorization_missing", authorizationSuggestion())
      return { state: "available", via: `${SCREENSHOT2}.CaptureArea (native addon: the image through a pipe passed over D-Bus), authorized by the .desktop file that grants fake input`, grant: "granted" }
    })(),
    windows: { state: "available", via: "KWin scripting over D-Bus (org.kde.kwin.Scripting; answers through callDBus): window list, focus, move, resize; windows matched to AT-SPI by pid and title", grant: "not_required" },
    displays: wayland() ?? { state: "available", via: `wl_output${session!.info.protocols.xdg_output === null ? "" : " + zxdg_output_manager_v1"} (native addon)` },
    clipboard: wayland() ?? clipboardCapability(session!),
    notifications: down("notifications are read from X11 notification daemons (xfce4-notifyd); none is known on KDE Wayland yet", "not_implemented")
  }
}

const STEP_LABELS: Readonly<Record<string, string>> = {
  XTestFakeMotionEvent: `${FAKE_INPUT}.pointer_motion_absolute`,
  XTestFakeButtonEvent: `${FAKE_INPUT}.button`,
  "XTestFakeButtonEvent(wheel)": `${FAKE_INPUT}.axis`,
  "XTestFakeButtonEvent(drag)": `${FAKE_INPUT}.button(drag)`,
  _NET_ACTIVE_WINDOW: "KWin scripting: workspace.activeClient",
  "_NET_MOVERESIZE_WINDOW(position)": "KWin scripting: frameGeometry (position)",
  "_NET_MOVERESIZE_WINDOW(size)": "KWin scripting: frameGeometry (size)",
  "_NET_WM_STATE(remove MAXIMIZED) / _NET_ACTIVE_WINDOW": "KWin scripting: setMaximize(false, false)",
  "XSetSelectionOwner(CLIPBOARD)": CLIPBOARD_STEP,
  "XSetSelectionOwner(CLIPBOARD, None)": `${CLIPBOARD_STEP}(null)`
}

const refuse = (message: string, kind: string) => () => Effect.fail(unsupported(message, { kind }))

/** The KDE backend over `bus` (the session bus KWin's scripts answer through). */
export const kwinDisplayServer = (bus: KwinBus): DisplayServerShape => {
  let windows: KwinWindows | undefined
  const kwinWindows = () => (windows ??= new KwinWindows(new KwinScripting(bus)))
  return {
    backend: "kde",
    stepLabels: STEP_LABELS,
    ready: () => Effect.try({ try: () => void openWayland(), catch: (error) => toPlatformError("Wayland")(error) }),
    capabilities: () => Effect.sync(capabilities),
    displays: () =>
      Effect.try({
        try: () => openWayland().displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: d.scale })),
        catch: (error) => toPlatformError("list-displays")(error)
      }),
    pointer: refuse("a Wayland client cannot read the pointer's position (no protocol tells it)", "pointer_position_unreadable"),
    moveTo: (point) => input("mouse-move", `${FAKE_INPUT}.pointer_motion_absolute`, (i) => i.moveTo(point.x, point.y)),
    click: (point, options) => input("mouse-click", `${FAKE_INPUT}.button`, (i) => i.click(point.x, point.y, options.button, options.count, options.modifiers)),
    drag: (from, to, options) => input("drag", `${FAKE_INPUT}.button(drag)`, (i) => i.drag(from, to, options.durationMs, options.dropDelayMs)),
    wheel: (point, options) => input("mouse-wheel", `${FAKE_INPUT}.axis`, (i) => i.wheel(point.x, point.y, options.dx, options.dy, options.modifiers)),
    capture: (region) => Effect.try({ try: () => capture(region), catch: (error) => toPlatformError("screenshot")(error) }),
    // KWin 5.27 offers data-control to any client (no .desktop grant), as wlroots compositors do.
    ...dataControlClipboard,
    ...kwinWindowManager(kwinWindows),
    ...kwinSessionWindows(kwinWindows),
    keyboard: {
      label: FAKE_INPUT,
      pressKey: (key, modifiers) => input("press", `${FAKE_INPUT}.keyboard_key(${key})`, (i) => i.pressKey(key, modifiers)),
      typeText: (text) => input("type", `${FAKE_INPUT}.keyboard_key(string)`, (i) => i.type(text))
    }
  }
}

/** Serves KDE's Wayland sessions (XDG_CURRENT_DESKTOP names KDE). */
export const kwinBackend = (bus: KwinBus): DisplayServerBackend => ({
  id: "kde",
  serves: (session) =>
    session.type === "wayland" && session.waylandDisplay !== undefined && session.desktops.some((desktop) => desktop.toLowerCase() === "kde"),
  server: () => kwinDisplayServer(bus)
})
