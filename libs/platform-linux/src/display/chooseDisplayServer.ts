/**
 * Which display-server backend drives this session: the first of `displayBackends` whose `serves` accepts the
 * probed session (`probeSession`: DISPLAY, WAYLAND_DISPLAY, XDG_SESSION_TYPE, XDG_CURRENT_DESKTOP). A new backend
 * (a Wayland compositor's) is one more entry, before the ones it should win over. With none, `unserved` answers:
 * every channel refuses with the reason, and the session facts still come from XWayland where a DISPLAY exists.
 */
import {
  type ChannelCapability,
  type DisplayServerBackend,
  type DisplayServerShape,
  type DisplaySession,
  PlatformError,
  probeSession
} from "@agent-desktop/platform"
import { environmentRefusal, x11Backend, x11SessionWindows } from "@agent-desktop/platform-linux-x11"
import { gnomeBackend, kwinBackend, wlrootsBackend, type DbusCall, type IncomingCall, type KwinBus } from "@agent-desktop/platform-linux-wayland"
import * as Effect from "effect/Effect"
import { DbusConnection } from "../dbus/DbusConnection.js"

/** mutter's D-Bus calls are quick; a hung shell must not hold a key for longer. */
const SESSION_BUS_CALL_MS = 5000

let sessionBus: { readonly address: string; readonly connection: DbusConnection } | undefined
/** Method calls addressed to the session-bus connection (KWin's scripts answering), whichever connection is open. */
const methodHandlers = new Set<(call: IncomingCall) => void>()

const openSessionBus = (): DbusConnection => {
  const address = process.env["DBUS_SESSION_BUS_ADDRESS"]
  if (!address) throw new Error("DBUS_SESSION_BUS_ADDRESS is not set")
  if (sessionBus === undefined || sessionBus.address !== address || !sessionBus.connection.isOpen) {
    sessionBus?.connection.close()
    const connection = DbusConnection.open(address)
    connection.listen?.({ signal: () => {}, closed: () => {}, methodCall: (call) => methodHandlers.forEach((handler) => handler(call)) })
    sessionBus = { address, connection }
  }
  return sessionBus.connection
}

/** The GNOME backend's session bus: one connection per process, reopened when it closed or the address changed. */
const sessionBusCall = (): DbusCall => {
  const connection = openSessionBus()
  const call = (message: Parameters<DbusCall>[0]) => connection.call(message, SESSION_BUS_CALL_MS)
  const listen = connection.listen?.bind(connection)
  if (listen === undefined) return call
  const match = (member: "AddMatch" | "RemoveMatch", rule: string) =>
    connection.call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member, signature: "s", body: [rule] }, SESSION_BUS_CALL_MS)
  // Signals for the GNOME backend (a ScreenCast stream's PipeWire node): the bus delivers what the rule matches.
  return Object.assign(call, {
    listen: async (rule: string, onSignal: Parameters<NonNullable<DbusCall["listen"]>>[1]) => {
      await match("AddMatch", rule)
      const stop = listen({ signal: onSignal, closed: () => undefined })
      return () => {
        stop()
        match("RemoveMatch", rule).catch(() => undefined)
      }
    }
  })
}

/** The KDE backend's: the same connection, plus its unique name and the calls KWin's scripts send it. */
const kwinBus: KwinBus = {
  call: (message) => sessionBusCall()(message),
  uniqueName: async () => {
    const name = await openSessionBus().uniqueName
    if (name === undefined) throw new Error("the session bus connection has no unique name")
    return name
  },
  onMethodCall: (handler) => {
    methodHandlers.add(handler)
    return () => methodHandlers.delete(handler)
  }
}

export const displayBackends: ReadonlyArray<DisplayServerBackend> = [gnomeBackend(sessionBusCall), kwinBackend(kwinBus), wlrootsBackend, x11Backend]

/** Why no backend serves `session`: the X11 backend's refusal of it (a Wayland session, no display). */
const refusalOf = (session: DisplaySession): PlatformError =>
  environmentRefusal({
    ...(session.display === undefined ? {} : { DISPLAY: session.display }),
    ...(session.waylandDisplay === undefined ? {} : { WAYLAND_DISPLAY: session.waylandDisplay }),
    ...(session.declaredType === undefined ? {} : { XDG_SESSION_TYPE: session.declaredType })
  }) ?? new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `no display-server backend serves this ${session.type} session`, details: { kind: "no_backend" }, steps: [] })

/** A session no backend serves: each channel fails before anything is sent, with the same refusal as ever. */
export const unserved = (session: DisplaySession): DisplayServerShape => {
  const refusal = refusalOf(session)
  const refuse = () => Effect.fail(refusal)
  const kind = String(refusal.details?.["kind"] ?? "no_backend")
  const unavailable: ChannelCapability = { state: "unavailable", reason: refusal.message, kind }
  return {
    backend: "none",
    ready: refuse,
    capabilities: () => Effect.succeed({
      pointer: unavailable,
      keyboard: session.type === "wayland"
        ? { state: "unavailable", reason: "AT-SPI's device event controller injects through X11: on Wayland its keys reach only XWayland apps", kind }
        : unavailable,
      capture: unavailable,
      windows: unavailable,
      displays: unavailable,
      clipboard: unavailable,
      notifications: unavailable
    }),
    displays: refuse,
    pointer: refuse,
    moveTo: refuse,
    click: refuse,
    wheel: refuse,
    drag: refuse,
    capture: refuse,
    clipboardRead: refuse,
    clipboardWrite: refuse,
    clipboardClear: refuse,
    findWindow: refuse,
    topWindowAt: refuse,
    readWindow: refuse,
    listWindows: refuse,
    operateWindow: refuse,
    // XWayland, where a DISPLAY exists: the focus and origins of X11 clients; without one, "cannot tell".
    ...x11SessionWindows,
    ...(session.type === "wayland"
      ? {
        // No backend places a native Wayland client's window-relative extents, and the device event controller's
        // keys reach only XWayland clients: both refuse rather than report wrong bounds or keys that went nowhere.
        extentsPlacement: () => Effect.succeed({ kind: "unknown" as const, reason: `no display-server backend serves this Wayland session: ${refusal.message}` }),
        keyboard: { label: "none", pressKey: refuse, typeText: refuse }
      }
      : {})
  }
}

export const chooseDisplayServer = (
  session: DisplaySession = probeSession(),
  backends: ReadonlyArray<DisplayServerBackend> = displayBackends
): DisplayServerShape => backends.find((backend) => backend.serves(session))?.server() ?? unserved(session)
