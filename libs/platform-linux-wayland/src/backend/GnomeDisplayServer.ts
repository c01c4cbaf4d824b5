/**
 * The GNOME backend of the display-server layer (`DisplayServerShape`), as far as an ordinary client of a GNOME
 * session gets without a portal dialog: keys, text and the pointer through mutter's `org.gnome.Mutter.RemoteDesktop`
 * session (`MutterRemoteDesktop.ts`; one per process, started on the first use, so a warm host keeps one keyboard and
 * one pointer), absolute motion through the session's ScreenCast streams (one per monitor, over PipeWire; without a
 * PipeWire daemon the pointer refuses with mutter's reason and keys still work), displays from wl_output (the core
 * protocol every compositor offers); screenshots from a ScreenCast stream's frame: the ScreenCast portal's once the
 * user consented (its restore token under the state root, `gnomePortalScreenCast.ts`), else mutter's, else the
 * Screenshot portal once the user allowed it (`gnomeCapture.ts`; the order in `gnomeCaptureRoutes.ts`); the clipboard through mutter's RemoteDesktop clipboard
 * (`mutterClipboard.ts`). Windows (list, geometry, focus, move, resize, minimize, maximize, close, and the placement
 * of window-relative AT-SPI extents) come from agent-desktop's GNOME Shell extension when the user installed it
 * (`GnomeDesktop.ts`): GNOME Shell tells an ordinary client nothing about windows (Introspect and Eval are
 * restricted), so without it windows are not listed, focused or placed, pointer actions by ref are refused with that
 * reason (a point given as coordinates is clicked), and `status` says how to install it.
 *
 * D-Bus comes from the caller (`sessionBus`: the adapter's own connection), so this package stays free of a bus client.
 */
import {
  type Bounds,
  type ChannelCapability,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape,
  type InputModifier,
  PlatformError
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { loadAddon } from "../Addon.js"
import { keysymOfChar, keysymOfKey, MODIFIER_KEYSYM_NAMES } from "../KeyNames.js"
import { addonErrorCode as pipewireErrorCode, loadPipewireAddon } from "@agent-desktop/pipewire"
import { MutterRemoteDesktop, NoScreenCast, type DbusCall } from "../MutterRemoteDesktop.js"
import { CaptureRefused, captureScreenCast } from "../ScreenCastCapture.js"
import { GRANT_SCREENSHOT_COMMAND, portalScreenshot, type ScreenshotPermission, screenshotPermission } from "../PortalScreenshot.js"
import { captureCapability as portalOrScreenCast, layoutOf, portalError } from "./gnomeCapture.js"
import { CAPTURE_PREFERENCE_VARIABLE, capturePreferenceOf, captureRoutes } from "./gnomeCaptureRoutes.js"
import { CONSENT_WAIT_MS, dropRevokedSession, giveConsent, portalPresent, portalScreenCastCapture, screenCastConsent } from "./gnomePortalScreenCast.js"
import { PortalScreenCastFailed, STEP_WAIT_MS } from "../PortalScreenCast.js"
import { readToken, tokenFileOf } from "../ScreenCastToken.js"
import { OutsideLayout } from "../OutsideLayout.js"
import { SEAT_KEYBOARD, SEAT_POINTER, SETTLE_MS } from "../SeatSettle.js"
import { UnknownKey } from "../VirtualKeyboard.js"
import type { WaylandSession } from "../WaylandSession.js"
import { mutterClipboard, mutterClipboardCapability } from "./mutterClipboard.js"
import { forgetLostWayland, openWayland, waylandRefusal } from "./openWayland.js"
import { PartialInput, toPlatformError, unsupported } from "./waylandErrors.js"
import { GnomeWindows } from "../GnomeWindows.js"
import { gnomeSessionWindows, gnomeWindowManager, windowsCapability } from "./GnomeDesktop.js"

export const REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"

/**
 * Why no grant for input: mutter's own D-Bus API takes any client of the session bus without a dialog. The
 * RemoteDesktop portal (the desktop's consent dialog) is not used: xdg-desktop-portal 1.16 offers it at version 1,
 * without the restore tokens that would make the consent a one-time one (the README's "GNOME backend").
 */
const NO_PORTAL = "mutter's own API: no dialog, no grant; the RemoteDesktop portal, which asks the user, is not used (version 1 here: no restore tokens)"
const POINTER_VIA = `${REMOTE_DESKTOP} session + org.gnome.Mutter.ScreenCast monitor streams (absolute motion over PipeWire; ${NO_PORTAL})`
const BUTTON_CODES = { left: 0x110, right: 0x111, middle: 0x112 } as const
/** How long a button stays down in a click, and between the clicks of a double click (as on wlroots). */
const PRESS_MS = 8
const BETWEEN_CLICKS_MS = 40
const SCREENCAST_PORTAL_VIA = "a frame of the org.freedesktop.portal.ScreenCast monitor stream (xdg-desktop-portal; the user consented once in its \"Screen Share\" dialog), read from its PipeWire node"
const CAPTURE_VIA = "a frame of the org.gnome.Mutter.ScreenCast monitor stream, read from its PipeWire node (@agent-desktop/pipewire addon)"

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
    pointerReady = false
    if (!hadKeyboard) {
      await started.wakeKeyboard()
      await waitForSeat(session, SEAT_KEYBOARD)
    }
    return started
  })().then((started) => (current = started), (error: unknown) => {
    current = undefined
    remote = undefined
    throw error
  })
  return remote
}

/**
 * After a failed send the session may be gone (gnome-shell restarted, the session was stopped, the bus reconnected):
 * it is stopped (best effort) and forgotten, so the next call makes a new one instead of failing forever.
 */
const forgetSession = (failed: MutterRemoteDesktop): void => {
  if (current !== failed) return
  current = undefined
  remote = undefined
  failed.stop().catch(() => undefined)
}

const waitForSeat = async (session: WaylandSession, capability: number): Promise<void> => {
  for (const until = Date.now() + 2000; (session.addon.seatCapabilities() & capability) === 0 && Date.now() < until;) await sleep(5)
  await sleep(SETTLE_MS)
}

let pointerReady = false

/**
 * Pointer input: refused before anything is sent when the session has no ScreenCast stream (no PipeWire) or the point
 * is on no monitor; cut short after a motion went out, it carries the attempted step.
 */
const pointerInput = (
  what: string,
  label: string,
  call: () => DbusCall,
  points: ReadonlyArray<{ readonly x: number; readonly y: number }>,
  send: (remote: MutterRemoteDesktop, session: WaylandSession) => Promise<void>
) =>
  Effect.tryPromise({
    try: async () => {
      const session = openWayland()
      let started: MutterRemoteDesktop
      try {
        started = await remoteDesktop(call(), session)
      } catch (error) {
        throw unsupported(`${what}: mutter's ${REMOTE_DESKTOP} is not reachable on the session bus: ${(error as Error).message}`, { kind: "remote_desktop_unavailable" })
      }
      try {
        for (const point of points) started.streamAt(point.x, point.y)
      } catch (error) {
        if (error instanceof NoScreenCast) throw unsupported(`${what}: absolute pointer motion needs a ScreenCast stream: ${error.message}`, { kind: "pointer_needs_screencast" })
        throw error
      }
      if (!pointerReady && (session.addon.seatCapabilities() & SEAT_POINTER) === 0) {
        // mutter makes the virtual pointer on its first event; clients bind wl_pointer on that news, then get the
        // enter of the next motion.
        await started.pointerAbsolute(points[0]!.x, points[0]!.y)
        await waitForSeat(session, SEAT_POINTER)
      }
      pointerReady = true
      try {
        await send(started, session)
      } catch (error) {
        forgetSession(started)
        throw new PartialInput("mutter refused part of the pointer input", error)
      }
    },
    catch: (error) => {
      forgetLostWayland(error)
      return toPlatformError(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])(error)
    }
  })

/** Holds modifier keysyms around `f`, released whatever happens. */
const holding = async (remote: MutterRemoteDesktop, session: WaylandSession, modifiers: ReadonlyArray<InputModifier>, f: () => Promise<void>) => {
  const keysyms = modifiers.map((modifier) => session.addon.keysymFromName(MODIFIER_KEYSYM_NAMES[modifier]))
  const held: Array<number> = []
  try {
    for (const keysym of keysyms) {
      await remote.keysym(keysym, true)
      held.push(keysym)
    }
    await f()
  } finally {
    for (const keysym of held.reverse()) await remote.keysym(keysym, false)
  }
}

const pressRelease = async (remote: MutterRemoteDesktop, code: number) => {
  await remote.button(code, true)
  try {
    await sleep(PRESS_MS)
  } finally {
    await remote.button(code, false)
  }
}

/** The engine's X11 step names (XTEST) as this backend's mechanisms. */
const STEP_LABELS: Readonly<Record<string, string>> = {
  XTestFakeMotionEvent: `${REMOTE_DESKTOP}.NotifyPointerMotionAbsolute`,
  XTestFakeButtonEvent: `${REMOTE_DESKTOP}.NotifyPointerButton`,
  "XTestFakeButtonEvent(wheel)": `${REMOTE_DESKTOP}.NotifyPointerAxisDiscrete`,
  "XTestFakeButtonEvent(drag)": `${REMOTE_DESKTOP}.NotifyPointerButton(drag)`,
  "XSetSelectionOwner(CLIPBOARD)": `${REMOTE_DESKTOP}.Session.SetSelection`,
  _NET_ACTIVE_WINDOW: "org.agentdesktop.Windows1.Activate (GNOME Shell extension)",
  "_NET_MOVERESIZE_WINDOW(position)": "org.agentdesktop.Windows1.Move (GNOME Shell extension)",
  "_NET_MOVERESIZE_WINDOW(size)": "org.agentdesktop.Windows1.Resize (GNOME Shell extension)",
  "_NET_WM_STATE(remove MAXIMIZED) / _NET_ACTIVE_WINDOW": "org.agentdesktop.Windows1.Unmaximize (GNOME Shell extension)"
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
      try {
        await send(started, session)
      } catch (error) {
        if (!(error instanceof OutsideLayout || error instanceof UnknownKey)) forgetSession(started)
        throw error
      }
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

/** Once the session exists, whether it got its streams (read without waiting: status never starts a session). */
let current: MutterRemoteDesktop | undefined
const pointerCapability = (): ChannelCapability => {
  const started = current
  if (started === undefined) {
    // Before the first use: PipeWire's socket is where mutter (same user, same runtime directory) looks for it.
    const runtime = process.env["XDG_RUNTIME_DIR"]
    return runtime !== undefined && !existsSync(join(runtime, "pipewire-0"))
      ? { state: "unavailable", reason: `absolute pointer motion needs a ScreenCast stream, which needs a PipeWire daemon (no ${join(runtime, "pipewire-0")})`, kind: "pointer_needs_screencast" }
      : { state: "available", via: POINTER_VIA, grant: "not_required" }
  }
  return "unavailable" in started.screenCast
    ? { state: "unavailable", reason: `absolute pointer motion needs a ScreenCast stream: ${started.screenCast.unavailable}`, kind: "pointer_needs_screencast" }
    : { state: "available", via: POINTER_VIA, grant: "not_required" }
}

const captureCapability = (): ChannelCapability => {
  const pointer = pointerCapability()
  if (pointer.state === "unavailable") return { state: "unavailable", reason: pointer.reason.replace("absolute pointer motion", "a screenshot"), kind: "capture_needs_screencast" }
  const load = loadPipewireAddon()
  return load._tag === "Unavailable"
    ? { state: "unavailable", reason: load.reason, kind: "pipewire_addon_unavailable" }
    : { state: "available", via: CAPTURE_VIA, grant: "not_required" }
}

/** A frame of the session's ScreenCast stream; refusals (no stream, no PipeWire addon) are PLATFORM_NOT_SUPPORTED. */
const screenCastCapture = async (bus: DbusCall, session: WaylandSession, region: Bounds | undefined) => {
  let started: MutterRemoteDesktop
  try {
    started = await remoteDesktop(bus, session)
  } catch (error) {
    throw unsupported(`screenshot: mutter's ${REMOTE_DESKTOP} is not reachable on the session bus: ${(error as Error).message}`, { kind: "remote_desktop_unavailable" })
  }
  try {
    return captureScreenCast(started.screenCast, region)
  } catch (error) {
    if (error instanceof CaptureRefused) throw unsupported(`screenshot: ${error.message}`, { kind: error.kind })
    if (!(error instanceof RangeError)) forgetSession(started)
    const code = pipewireErrorCode(error)
    if (code !== undefined) throw new PlatformError({ code: "ACTION_FAILED", message: `screenshot: ${(error as Error).message}`, details: { kind: code.toLowerCase() }, steps: [] })
    throw error
  }
}

/** PipeWire runs in the session (mutter and the portal both stream through it) and the frame reader loads. */
const pipewireReady = (): boolean => {
  const runtime = process.env["XDG_RUNTIME_DIR"]
  return (runtime === undefined || existsSync(join(runtime, "pipewire-0"))) && loadPipewireAddon()._tag === "Loaded"
}

const screenshotPermissionOf = (bus: DbusCall): Promise<ScreenshotPermission> =>
  screenshotPermission(bus).catch((error: unknown): ScreenshotPermission => ({ state: "no_portal", reason: (error as Error).message }))

/** A refusal of the whole capture (nothing was captured), as PLATFORM_NOT_SUPPORTED with its kind. */
const captureRefusal = (message: string, kind: string, suggestion?: string) =>
  new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `screenshot: ${message}`, details: { kind }, ...(suggestion ? { suggestion } : {}), steps: [] })

/**
 * The routes in `captureRoutes`' order; each one that cannot serve adds its reason, and the refusal names them all
 * with the most useful way forward (consent once, the Screenshot portal's grant, or PipeWire).
 */
const gnomeCapture = async (bus: DbusCall, session: WaylandSession, region: Bounds | undefined) => {
  const preference = capturePreferenceOf()
  await dropRevokedSession()
  const mutter = captureCapability()
  const screenCastPortal = pipewireReady() && (await portalPresent(bus))
  let permission: ScreenshotPermission | undefined
  const routes = captureRoutes({
    preference,
    tokenStored: readToken(tokenFileOf()) !== undefined,
    screenCastPortal,
    mutterScreenCast: mutter.state === "available",
    // Behind a working mutter route it is asked only when reached (a D-Bus round trip mutter's route does not need).
    screenshotGranted: mutter.state === "available" || (permission = await screenshotPermissionOf(bus)).state === "granted"
  })
  const failures: Array<string> = []
  let consentRefused: PortalScreenCastFailed | undefined
  if (mutter.state === "unavailable") failures.push(mutter.reason)
  if (preference === "portal" && !screenCastPortal) failures.push(`${CAPTURE_PREFERENCE_VARIABLE}=portal asks for the ScreenCast portal, which needs xdg-desktop-portal and PipeWire in the session`)
  for (const route of routes) {
    try {
      switch (route) {
        case "screencast_portal_restore":
          return await portalScreenCastCapture(bus, region, preference === "portal" ? CONSENT_WAIT_MS : STEP_WAIT_MS)
        case "screencast_portal_consent":
          return await portalScreenCastCapture(bus, region, CONSENT_WAIT_MS)
        case "mutter_screencast":
          return await screenCastCapture(bus, session, region)
        case "screenshot_portal":
          permission ??= await screenshotPermissionOf(bus)
          if (permission.state !== "granted") {
            failures.push(`the Screenshot portal: ${permission.reason}`)
            continue
          }
          try {
            return await portalScreenshot(bus, layoutOf(session), region)
          } catch (error) {
            throw portalError(error)
          }
      }
    } catch (error) {
      if (error instanceof PortalScreenCastFailed) {
        failures.push(`the ScreenCast portal: ${error.message}`)
        if (error.kind === "portal_consent_timeout" || error.kind === "portal_cancelled") consentRefused = error
        continue
      }
      if (error instanceof PlatformError && error.code === "PLATFORM_NOT_SUPPORTED") {
        failures.push(error.message.replace(/^screenshot: /, ""))
        continue
      }
      throw error
    }
  }
  if (consentRefused !== undefined || preference === "portal") {
    return Promise.reject(captureRefusal(failures.join("; "), consentRefused?.kind === "portal_cancelled" ? "capture_consent_refused" : "capture_needs_consent", giveConsent()))
  }
  permission ??= await screenshotPermissionOf(bus)
  if (!routes.includes("screenshot_portal") && permission.state !== "granted") failures.push(`the Screenshot portal: ${permission.reason}`)
  return Promise.reject(
    permission.state === "not_granted"
      ? captureRefusal(failures.join("; "), "capture_needs_grant", `Allow silent screenshots through the Screenshot portal once: ${GRANT_SCREENSHOT_COMMAND}`)
      : captureRefusal(failures.join("; "), "capture_needs_screencast")
  )
}

/**
 * The capture channel as `status` and `permissions` report it, with the ScreenCast portal's consent (given or not,
 * where its token is kept, how to give and revoke it). Reads the token file and asks the bus only for names: it
 * never starts a session nor shows a dialog.
 */
const captureChannel = async (sessionBus: () => DbusCall): Promise<ChannelCapability> => {
  const consent = screenCastConsent()
  const preference = capturePreferenceOf()
  let portal = false
  try {
    portal = pipewireReady() && (await portalPresent(sessionBus()))
  } catch {
    portal = false
  }
  if (consent.given && portal) return { state: "available", via: `${SCREENCAST_PORTAL_VIA}, restored from the user's one-time consent (restore token in ${consent.kept_in})`, grant: "granted", consent }
  if (preference === "portal") {
    return {
      state: "unavailable",
      reason: portal
        ? `${CAPTURE_PREFERENCE_VARIABLE}=portal asks for the ScreenCast portal, and the user has not consented yet (no restore token in ${consent.kept_in})`
        : `${CAPTURE_PREFERENCE_VARIABLE}=portal asks for the ScreenCast portal, which needs xdg-desktop-portal and PipeWire in the session`,
      kind: "capture_needs_consent",
      suggestion: consent.give,
      consent
    }
  }
  return { ...(await portalOrScreenCast(sessionBus, captureCapability())), consent }
}

const capabilities = async (sessionBus: () => DbusCall, windows: ChannelCapability): Promise<DisplayCapabilities> => {
  const refusal = waylandRefusal()
  const load = refusal ? undefined : loadAddon()
  const down = (reason: string, kind: string): ChannelCapability => ({ state: "unavailable", reason, kind })
  const displays: ChannelCapability = refusal
    ? down(refusal.message, String(refusal.details?.["kind"]))
    : load?._tag === "Unavailable"
      ? down(load.reason, "native_addon_unavailable")
      : { state: "available", via: "wl_output (native addon)" }
  return {
    pointer: refusal ? down(refusal.message, String(refusal.details?.["kind"])) : pointerCapability(),
    keyboard: refusal
      ? down(refusal.message, String(refusal.details?.["kind"]))
      : { state: "available", via: `${REMOTE_DESKTOP} session on the session bus (keysyms of the session's layout; wl_seat's keymap checks them first; ${NO_PORTAL})`, grant: "not_required" },
    capture: refusal ? down(refusal.message, String(refusal.details?.["kind"])) : await captureChannel(sessionBus),
    windows,
    displays,
    clipboard: refusal
      ? down(refusal.message, String(refusal.details?.["kind"]))
      : load?._tag === "Unavailable"
        ? down(load.reason, "native_addon_unavailable")
        : mutterClipboardCapability(),
    notifications: down(NO_NOTIFICATIONS, "notification_daemon_unsupported")
  }
}

/** The GNOME backend over `sessionBus` (called on the first key; it may throw when the session bus is unreachable). */
export const gnomeDisplayServer = (sessionBus: () => DbusCall): DisplayServerShape => {
  let windows: GnomeWindows | undefined
  const gnomeWindows = () => (windows ??= new GnomeWindows(sessionBus))
  return {
    backend: "gnome",
    stepLabels: STEP_LABELS,
    ready: () => Effect.try({ try: () => void openWayland(), catch: (error) => toPlatformError("Wayland")(error) }),
    capabilities: () => Effect.promise(async () => capabilities(sessionBus, await windowsCapability(sessionBus))),
    displays: () =>
      Effect.try({
        try: () => openWayland().displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: d.scale })),
        catch: (error) => toPlatformError("list-displays")(error)
      }),
    pointer: refuse("a Wayland client cannot read the pointer's position (no protocol tells it)", "pointer_position_unreadable"),
    moveTo: (point) =>
      pointerInput("mouse-move", STEP_LABELS["XTestFakeMotionEvent"]!, sessionBus, [point], (remote) => remote.pointerAbsolute(point.x, point.y).then(() => undefined)),
    click: (point, options) =>
      pointerInput("mouse-click", STEP_LABELS["XTestFakeButtonEvent"]!, sessionBus, [point], async (remote, session) => {
        await remote.pointerAbsolute(point.x, point.y)
        await holding(remote, session, options.modifiers, async () => {
          for (let i = 0; i < options.count; i++) {
            if (i > 0) await sleep(BETWEEN_CLICKS_MS)
            await pressRelease(remote, BUTTON_CODES[options.button])
          }
        })
      }),
    wheel: (point, options) =>
      pointerInput("mouse-wheel", STEP_LABELS["XTestFakeButtonEvent(wheel)"]!, sessionBus, [point], async (remote, session) => {
        await remote.pointerAbsolute(point.x, point.y)
        // mutter's discrete steps: positive = down / right; the contract's dy > 0 is up, dx > 0 is left.
        await holding(remote, session, options.modifiers, async () => {
          if (options.dy !== 0) await remote.wheel(0, -options.dy)
          if (options.dx !== 0) await remote.wheel(1, -options.dx)
        })
      }),
    drag: (from, to, options) =>
      pointerInput("drag", STEP_LABELS["XTestFakeButtonEvent(drag)"]!, sessionBus, [from, to], async (remote) => {
        const steps = Math.max(10, Math.min(100, Math.round(options.durationMs / 10)))
        await remote.pointerAbsolute(from.x, from.y)
        await sleep(PRESS_MS)
        await remote.button(BUTTON_CODES.left, true)
        try {
          for (let i = 1; i <= steps; i++) {
            await sleep(options.durationMs / steps)
            await remote.pointerAbsolute(Math.round(from.x + ((to.x - from.x) * i) / steps), Math.round(from.y + ((to.y - from.y) * i) / steps))
          }
          await sleep(options.dropDelayMs)
        } finally {
          await remote.button(BUTTON_CODES.left, false)
        }
      }),
    capture: (region) =>
      Effect.tryPromise({
        try: async () => {
          const session = openWayland()
          const bus = sessionBus()
          return await gnomeCapture(bus, session, region)
        },
        catch: (error) => {
          forgetLostWayland(error)
          return toPlatformError("screenshot")(error)
        }
      }),
    // mutter offers no data-control; its RemoteDesktop session has a clipboard (fds over the addon's own bus connection).
    ...mutterClipboard,
    ...gnomeWindowManager(gnomeWindows),
    ...gnomeSessionWindows(gnomeWindows),
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
  }
}

/** Serves GNOME's Wayland sessions (XDG_CURRENT_DESKTOP names GNOME). */
export const gnomeBackend = (sessionBus: () => DbusCall): DisplayServerBackend => ({
  id: "gnome",
  serves: (session) =>
    session.type === "wayland" && session.waylandDisplay !== undefined && session.desktops.some((desktop) => desktop.toLowerCase() === "gnome"),
  server: () => gnomeDisplayServer(sessionBus)
})
