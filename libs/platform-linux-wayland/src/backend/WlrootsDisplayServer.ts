/**
 * The wlroots backend of the display-server layer (`DisplayServerShape`): keys and text through one virtual keyboard
 * with one persistent keymap, the pointer through one virtual pointer (a press and its release from the same client),
 * screenshots through screencopy, the clipboard through data-control (`dataControlClipboard.ts`), displays from
 * wl_output + xdg-output (`WaylandSession`, one connection per
 * process: `openWayland.ts`), and windows through sway's IPC (`SwayDesktop.ts`). It serves Wayland sessions whose
 * desktop is neither GNOME nor KDE (their compositors offer none of these protocols to an ordinary client); on a
 * compositor that lacks one, that channel refuses naming the protocol before anything is sent.
 */
import {
  PlatformError,
  type ChannelCapability,
  type DeliveryStep,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { loadAddon } from "../Addon.js"
import { UnknownKey } from "../VirtualKeyboard.js"
import type { WaylandSession } from "../WaylandSession.js"
import { CLIPBOARD_STEP, clipboardCapability, dataControlClipboard } from "./dataControlClipboard.js"
import { forgetLostWayland, openWayland, swayIpc, waylandRefusal } from "./openWayland.js"
import { swaySessionWindows, swayWindowManager } from "./SwayDesktop.js"
import { PartialInput, toPlatformError, unsupported } from "./waylandErrors.js"

export const POINTER_PROTOCOL = "zwlr_virtual_pointer_v1"
export const KEYBOARD_PROTOCOL = "zwp_virtual_keyboard_v1"
export const CAPTURE_PROTOCOL = "zwlr_screencopy_manager_v1"

const failure = (what: string, steps?: ReadonlyArray<DeliveryStep>) => (error: unknown): PlatformError => {
  forgetLostWayland(error)
  return toPlatformError(what, steps)(error)
}

const run = <A>(what: string, f: (s: WaylandSession) => A): Effect.Effect<A, PlatformError> =>
  Effect.try({ try: () => f(openWayland()), catch: failure(what) })

type Protocol = "virtual_pointer" | "virtual_keyboard" | "screencopy"
const PROTOCOL_NAMES: Readonly<Record<Protocol, string>> = {
  virtual_pointer: `${POINTER_PROTOCOL} (pointer input)`,
  virtual_keyboard: `${KEYBOARD_PROTOCOL} (keyboard input)`,
  screencopy: `${CAPTURE_PROTOCOL} (screen capture)`
}

const needProtocol = (s: WaylandSession, protocol: Protocol) => {
  if (s.info.protocols[protocol] === null) {
    throw unsupported(`the compositor offers no ${PROTOCOL_NAMES[protocol]}`, { kind: "protocol_unavailable", protocol: PROTOCOL_NAMES[protocol].split(" ")[0] })
  }
}

/** Input that may have partly reached the compositor when it failed (a refusal before sending stays a refusal). */
const input = (what: string, label: string, protocol: Protocol, f: (s: WaylandSession) => void): Effect.Effect<void, PlatformError> =>
  Effect.try({
    try: () => {
      const s = openWayland()
      needProtocol(s, protocol)
      if (protocol === "virtual_pointer") needProtocol(s, "virtual_keyboard")
      try {
        f(s)
      } catch (error) {
        // Refused before the first request (an unknown key, a point on no output): nothing went out.
        if (error instanceof RangeError || error instanceof UnknownKey) throw error
        throw new PartialInput("the compositor refused part of the input", error)
      }
    },
    catch: failure(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])
  })

/**
 * Notifications are the notification daemon's own windows, read through AT-SPI as on X11: xfce4-notifyd runs as a
 * native Wayland client (on sway each popup is a window of its own), its action buttons are pressed through AT-SPI
 * and a popup is dismissed by a click through the virtual pointer at the place sway's IPC gives its window.
 */
const NOTIFICATIONS_VIA =
  "xfce4-notifyd's popups in the accessibility tree (list, actions); dismissed by a click through zwlr_virtual_pointer_v1 at the window sway's IPC places (another daemon answers PLATFORM_NOT_SUPPORTED naming it: mako and dunst have no accessibility tree)"

/** What each channel uses here (connecting once to learn the compositor's protocols). */
const capabilities = (): DisplayCapabilities => {
  const refusal = waylandRefusal()
  const load = refusal ? undefined : loadAddon()
  const down = (reason: string, kind: string): ChannelCapability => ({ state: "unavailable", reason, kind })
  let session: WaylandSession | undefined
  let connectError: PlatformError | undefined
  if (!refusal && load?._tag === "Loaded") {
    try {
      session = openWayland()
    } catch (error) {
      connectError = error instanceof PlatformError ? error : unsupported(String(error), { kind: "connect_failed" })
    }
  }
  const channel = (protocol: Protocol | undefined, via: (s: WaylandSession) => string): ChannelCapability => {
    if (refusal) return down(refusal.message, String(refusal.details?.["kind"]))
    if (load?._tag === "Unavailable") return down(load.reason, "native_addon_unavailable")
    if (connectError || !session) return down(connectError?.message ?? "no connection", String(connectError?.details?.["kind"] ?? "connect_failed"))
    if (protocol !== undefined && session.info.protocols[protocol] === null) {
      return down(`the compositor offers no ${PROTOCOL_NAMES[protocol]}`, "protocol_unavailable")
    }
    return { state: "available", via: via(session) }
  }
  const version = (s: WaylandSession, protocol: Protocol) => `v${s.info.protocols[protocol]}`
  const sway = swayIpc() !== undefined
  return {
    pointer: channel("virtual_pointer", (s) => `${POINTER_PROTOCOL} ${version(s, "virtual_pointer")} (native addon; press and release from one client)`),
    keyboard: channel("virtual_keyboard", (s) => `${KEYBOARD_PROTOCOL} ${version(s, "virtual_keyboard")} (native addon; one keyboard, one full keymap plus extra keysyms on spare keys)`),
    capture: channel("screencopy", (s) => `${CAPTURE_PROTOCOL} ${version(s, "screencopy")} (native addon)`),
    windows: sway
      ? channel(undefined, () => "sway IPC (SWAYSOCK): window tree, focus, move, resize; windows matched to AT-SPI by pid and title")
      : down("this wlroots compositor has no sway IPC (SWAYSOCK is not set): the Wayland protocols name windows but do not say where they are", "no_window_geometry"),
    displays: channel(undefined, (s) => `wl_output${s.info.protocols.xdg_output === null ? "" : " + zxdg_output_manager_v1"} (native addon)`),
    clipboard: session === undefined ? channel(undefined, () => "") : clipboardCapability(session),
    notifications: sway
      ? { state: "available", via: NOTIFICATIONS_VIA }
      : down(`${NOTIFICATIONS_VIA.split(";")[0]}; dismissing clicks the popup, which needs its window's place (sway IPC; SWAYSOCK is not set)`, "no_window_geometry")
  }
}


const windows = swayWindowManager(swayIpc)

/** The engine's X11 step names (XTEST, EWMH) as this backend's mechanisms. */
const STEP_LABELS: Readonly<Record<string, string>> = {
  XTestFakeMotionEvent: `${POINTER_PROTOCOL}.motion_absolute`,
  XTestFakeButtonEvent: `${POINTER_PROTOCOL}.button`,
  "XTestFakeButtonEvent(wheel)": `${POINTER_PROTOCOL}.axis_discrete`,
  "XTestFakeButtonEvent(drag)": `${POINTER_PROTOCOL}.button(drag)`,
  _NET_ACTIVE_WINDOW: "sway IPC: focus",
  "_NET_MOVERESIZE_WINDOW(position)": "sway IPC: floating enable, move absolute position",
  "_NET_MOVERESIZE_WINDOW(size)": "sway IPC: floating enable, resize set",
  "_NET_WM_STATE(remove MAXIMIZED) / _NET_ACTIVE_WINDOW": "sway IPC: fullscreen disable",
  "XSetSelectionOwner(CLIPBOARD)": CLIPBOARD_STEP,
  "XSetSelectionOwner(CLIPBOARD, None)": `${CLIPBOARD_STEP}(null)`
}

export const wlrootsDisplayServer: DisplayServerShape = {
  backend: "wlroots",
  stepLabels: STEP_LABELS,
  ready: () => Effect.try({ try: () => void openWayland(), catch: failure("Wayland") }),
  capabilities: () => Effect.sync(capabilities),
  displays: () =>
    run("list-displays", (s) => s.displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: d.scale }))),
  pointer: () =>
    Effect.fail(unsupported("a Wayland client cannot read the pointer's position (no protocol tells it)", { kind: "pointer_position_unreadable" })),
  moveTo: (point) => input("mouse-move", `${POINTER_PROTOCOL}.motion_absolute`, "virtual_pointer", (s) => s.moveTo(point.x, point.y)),
  click: (point, options) =>
    input("mouse-click", `${POINTER_PROTOCOL}.button`, "virtual_pointer", (s) => s.click(point.x, point.y, options.button, options.count, options.modifiers)),
  drag: (from, to, options) =>
    input("drag", `${POINTER_PROTOCOL}.button(drag)`, "virtual_pointer", (s) => s.drag(from, to, options.durationMs, options.dropDelayMs)),
  wheel: (point, options) =>
    input("mouse-wheel", `${POINTER_PROTOCOL}.axis_discrete`, "virtual_pointer", (s) => s.wheel(point.x, point.y, options.dx, options.dy, options.modifiers)),
  capture: (region) =>
    run("screenshot", (s) => {
      needProtocol(s, "screencopy")
      const shot = s.capture(region)
      const display = s.displays().find((d) => d.bounds.x <= shot.region.x && d.bounds.y <= shot.region.y)
      return { png: shot.png, width: shot.width, height: shot.height, scaleFactor: display?.scale ?? 1 }
    }),
  ...dataControlClipboard,
  ...windows,
  ...swaySessionWindows(swayIpc),
  keyboard: {
    label: KEYBOARD_PROTOCOL,
    pressKey: (key, modifiers) => input("press", `${KEYBOARD_PROTOCOL}.key(${key})`, "virtual_keyboard", (s) => s.pressKey(key, modifiers)),
    typeText: (text) => input("type", `${KEYBOARD_PROTOCOL}.key(string)`, "virtual_keyboard", (s) => s.type(text))
  }
}

/** Desktops whose compositors have backends of their own (their compositors offer none of the wlroots protocols). */
const OTHER_DESKTOPS = ["gnome", "kde"]

/** Serves Wayland sessions that are neither GNOME nor KDE: sway and the other wlroots compositors. */
export const wlrootsBackend: DisplayServerBackend = {
  id: "wlroots",
  serves: (session) =>
    session.type === "wayland" && session.waylandDisplay !== undefined &&
    !session.desktops.some((desktop) => OTHER_DESKTOPS.includes(desktop.toLowerCase())),
  server: () => wlrootsDisplayServer
}
