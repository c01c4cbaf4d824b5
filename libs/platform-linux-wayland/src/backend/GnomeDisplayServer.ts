/**
 * The GNOME backend of the display-server layer (`DisplayServerShape`), as far as an ordinary client of a GNOME
 * session gets without a portal dialog: keys and text through mutter's `org.gnome.Mutter.RemoteDesktop` session
 * (`MutterRemoteDesktop.ts`; one per process, started on the first key, so a warm host keeps one keyboard), displays
 * from wl_output (the core protocol every compositor offers). Everything else refuses before anything is sent, naming
 * what is missing: absolute pointer motion needs a ScreenCast stream (PipeWire), screenshots need the Screenshot
 * portal or ScreenCast, and GNOME Shell tells an ordinary client nothing about windows (Introspect and Eval are
 * restricted), so windows are not listed, focused or placed, and pointer actions by ref are refused with that reason.
 *
 * D-Bus comes from the caller (`sessionBus`: the adapter's own connection), so this package stays free of a bus client.
 */
import {
  type ChannelCapability,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape,
  type InputModifier
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { loadAddon } from "../Addon.js"
import { keysymOfChar, keysymOfKey, MODIFIER_KEYSYM_NAMES } from "../KeyNames.js"
import { MutterRemoteDesktop, type DbusCall } from "../MutterRemoteDesktop.js"
import { OutsideLayout } from "../OutsideLayout.js"
import { SEAT_KEYBOARD, SETTLE_MS } from "../SeatSettle.js"
import { UnknownKey } from "../VirtualKeyboard.js"
import type { WaylandSession } from "../WaylandSession.js"
import { clipboardCapabilityHere, dataControlClipboard } from "./dataControlClipboard.js"
import { forgetLostWayland, openWayland, waylandRefusal } from "./openWayland.js"
import { toPlatformError, unsupported } from "./waylandErrors.js"

export const REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"

const NO_WINDOWS = "GNOME Shell tells an ordinary client nothing about windows (its Introspect and Eval interfaces are restricted to allowed callers)"
const NO_POINTER = "absolute pointer motion through mutter's RemoteDesktop needs a ScreenCast stream of the session, which needs PipeWire (not implemented yet)"
const NO_CAPTURE = "screenshots on GNOME need the Screenshot portal or a ScreenCast stream over PipeWire (not implemented yet); org.gnome.Shell.Screenshot is restricted to allowed callers"

const NO_NOTIFICATIONS =
  "GNOME Shell is the session's notification server (org.freedesktop.Notifications) and keeps notifications in its own UI, with no accessible list of them: list-notifications refuses naming it"
const refuse = (message: string, kind: string) => () => Effect.fail(unsupported(message, { kind }))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let remote: Promise<MutterRemoteDesktop> | undefined

/**
 * The process's one remote-desktop session. mutter creates its virtual keyboard on the first key; on a seat without
 * another keyboard clients bind theirs only on that news, so a tap of Shift wakes it and the first real key waits
 * until the seat shows a keyboard and clients had their moment (as `SeatSettle.ts` does for our own devices).
 */
const remoteDesktop = (call: DbusCall, session: WaylandSession): Promise<MutterRemoteDesktop> => {
  remote ??= (async () => {
    const hadKeyboard = (session.addon.seatCapabilities() & SEAT_KEYBOARD) !== 0
    const started = await MutterRemoteDesktop.start(call)
    if (!hadKeyboard) {
      await started.wakeKeyboard()
      for (const until = Date.now() + 2000; (session.addon.seatCapabilities() & SEAT_KEYBOARD) === 0 && Date.now() < until;) await sleep(5)
      await sleep(SETTLE_MS)
    }
    return started
  })().catch((error: unknown) => {
    remote = undefined
    throw error
  })
  return remote
}

/** Refusals before anything is sent (no bus, no RemoteDesktop service) carry `steps: []`, as the wlroots ones do. */
const keyInput = (what: string, label: string, call: () => DbusCall, send: (remote: MutterRemoteDesktop, session: WaylandSession) => Promise<void>) =>
  Effect.tryPromise({
    try: async () => {
      const session = openWayland()
      let bus: DbusCall
      let started: MutterRemoteDesktop
      try {
        bus = call()
        started = await remoteDesktop(bus, session)
      } catch (error) {
        throw unsupported(`${what}: mutter's ${REMOTE_DESKTOP} is not reachable on the session bus: ${(error as Error).message}`, { kind: "remote_desktop_unavailable" })
      }
      await send(started, session)
    },
    catch: (error) => {
      forgetLostWayland(error)
      return toPlatformError(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])(error)
    }
  })

const keysymsOf = (session: WaylandSession, key: string, modifiers: ReadonlyArray<InputModifier>): Array<number> => {
  const keysym = keysymOfKey(session.addon, key)
  if (keysym === undefined) throw new UnknownKey(`unknown key '${key}'`)
  const held = modifiers.map((modifier) => session.addon.keysymFromName(MODIFIER_KEYSYM_NAMES[modifier]))
  const outside = [keysym, ...held].filter((k) => session.addon.seatKeymapLookup(k) === null)
  // mutter drops a keysym outside the session's layout with only a log line: refuse it before anything is sent.
  if (outside.length > 0) throw new OutsideLayout([key])
  return [...held, keysym]
}

const capabilities = (): DisplayCapabilities => {
  const refusal = waylandRefusal()
  const load = refusal ? undefined : loadAddon()
  const down = (reason: string, kind: string): ChannelCapability => ({ state: "unavailable", reason, kind })
  const displays: ChannelCapability = refusal
    ? down(refusal.message, String(refusal.details?.["kind"]))
    : load?._tag === "Unavailable"
      ? down(load.reason, "native_addon_unavailable")
      : { state: "available", via: "wl_output (native addon)" }
  return {
    pointer: down(NO_POINTER, "pointer_needs_screencast"),
    keyboard: refusal
      ? down(refusal.message, String(refusal.details?.["kind"]))
      : { state: "available", via: `${REMOTE_DESKTOP} session on the session bus (keysyms of the session's layout; wl_seat's keymap checks them first)`, grant: "not_required" },
    capture: down(NO_CAPTURE, "capture_needs_portal"),
    windows: down(NO_WINDOWS, "no_window_geometry"),
    displays,
    clipboard: refusal
      ? down(refusal.message, String(refusal.details?.["kind"]))
      : load?._tag === "Unavailable"
        ? down(load.reason, "native_addon_unavailable")
        : clipboardCapabilityHere(),
    notifications: down(NO_NOTIFICATIONS, "notification_daemon_unsupported")
  }
}

/** The GNOME backend over `sessionBus` (called on the first key; it may throw when the session bus is unreachable). */
export const gnomeDisplayServer = (sessionBus: () => DbusCall): DisplayServerShape => ({
  backend: "gnome",
  stepLabels: {},
  ready: () => Effect.try({ try: () => void openWayland(), catch: (error) => toPlatformError("Wayland")(error) }),
  capabilities: () => Effect.sync(capabilities),
  displays: () =>
    Effect.try({
      try: () => openWayland().displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: d.scale })),
      catch: (error) => toPlatformError("list-displays")(error)
    }),
  pointer: refuse("a Wayland client cannot read the pointer's position (no protocol tells it)", "pointer_position_unreadable"),
  moveTo: refuse(NO_POINTER, "pointer_needs_screencast"),
  click: refuse(NO_POINTER, "pointer_needs_screencast"),
  wheel: refuse(NO_POINTER, "pointer_needs_screencast"),
  drag: refuse(NO_POINTER, "pointer_needs_screencast"),
  capture: refuse(NO_CAPTURE, "capture_needs_portal"),
  // mutter 43 offers no data-control: each call refuses naming the protocol (a later mutter that offers it is served).
  ...dataControlClipboard,
  findWindow: refuse(NO_WINDOWS, "no_window_geometry"),
  topWindowAt: refuse(NO_WINDOWS, "no_window_geometry"),
  readWindow: refuse(NO_WINDOWS, "no_window_geometry"),
  listWindows: refuse(NO_WINDOWS, "no_window_geometry"),
  operateWindow: refuse(NO_WINDOWS, "no_window_geometry"),
  activeWindow: () => Effect.succeed(undefined),
  popupWindows: () => Effect.succeed(undefined),
  keyboardFocus: () => Effect.succeed({ kind: "unknown" as const }),
  windowOfProcess: () => Effect.succeed(undefined),
  focusWindow: () => Effect.succeed(false),
  extentsPlacement: () => Effect.succeed({ kind: "unknown" as const, reason: NO_WINDOWS }),
  windowOwners: () => Effect.succeed(undefined),
  keyboard: {
    label: REMOTE_DESKTOP,
    pressKey: (key, modifiers) =>
      keyInput("press", `${REMOTE_DESKTOP}.NotifyKeyboardKeysym(${key})`, sessionBus, async (remote, session) => {
        await remote.chord(keysymsOf(session, key, modifiers))
      }),
    typeText: (text) =>
      keyInput("type", `${REMOTE_DESKTOP}.NotifyKeyboardKeysym(string)`, sessionBus, (remote, session) =>
        remote.type(text, (char) => keysymOfChar(session.addon, char), (keysym) => session.addon.seatKeymapLookup(keysym) !== null))
  }
})

/** Serves GNOME's Wayland sessions (XDG_CURRENT_DESKTOP names GNOME). */
export const gnomeBackend = (sessionBus: () => DbusCall): DisplayServerBackend => ({
  id: "gnome",
  serves: (session) =>
    session.type === "wayland" && session.waylandDisplay !== undefined && session.desktops.some((desktop) => desktop.toLowerCase() === "gnome"),
  server: () => gnomeDisplayServer(sessionBus)
})
