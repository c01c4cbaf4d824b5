/**
 * Where a toplevel window's AT-SPI extents sit on the screen, asked of the session's display-server backend. Most
 * toolkits on X11 answer screen coordinates and need nothing (no call is made); GTK 4.8 on X11 and every native
 * Wayland client answer window-relative extents, and the backend places them: X11 from the window's position
 * (xwininfo), a Wayland compositor from its own placement of the window and the toolkit's origin (the profile's
 * `waylandOrigin`). `unknown` carries the reason there are no global bounds (a compositor that tells no client where
 * windows are, a toolkit whose origin was never measured).
 */
import { probeSession, type ExtentsPlacement } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { Accessible, type Extents } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { Iface } from "../atspi/Interfaces.js"
import { chooseDisplayServer } from "./chooseDisplayServer.js"

const SCREEN: ExtentsPlacement = { kind: "screen" }

/** Bus unique names are never reused while the bus lives, so a pid found once stays right. */
const pids = new Map<string, number | undefined>()

const pidOf = async (session: AtspiSession, busName: string): Promise<number | undefined> => {
  if (pids.has(busName)) return pids.get(busName)
  const pid = await session.bus.call({
    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: Iface.dbus,
    member: "GetConnectionUnixProcessID", signature: "s", body: [busName]
  }, 1000).then(([value]) => (typeof value === "number" ? value : undefined), () => undefined)
  if (pids.size > 512) pids.clear()
  pids.set(busName, pid)
  return pid
}

export interface PlacedWindow {
  /** The toplevel window's own accessible (the application's child). */
  readonly ref: ObjectRef
  readonly title: string
  /** The window's own extents when the caller has them already (its size tells a centred frame's offset). */
  readonly extents?: Extents
}

export const placementOf = async (session: AtspiSession, window: PlacedWindow, timeoutMs: number): Promise<ExtentsPlacement> => {
  const profile = await session.toolkits.profileOf(window.ref.busName, timeoutMs)
  const wayland = probeSession().type === "wayland"
  // X11 and a toolkit that answers screen coordinates: nothing to ask (the common case costs no call).
  if (!wayland && !profile.extentsWindowRelative) return SCREEN
  const [pid, extents] = await Promise.all([
    wayland ? pidOf(session, window.ref.busName) : Promise.resolve(undefined),
    window.extents !== undefined || !wayland
      ? Promise.resolve(window.extents)
      : Accessible.of(session, window.ref).extents(timeoutMs).catch(() => undefined)
  ])
  return Effect.runPromise(chooseDisplayServer().extentsPlacement({
    title: window.title,
    ...(pid === undefined ? {} : { pid }),
    ...(extents === undefined ? {} : { extents }),
    windowRelative: profile.extentsWindowRelative,
    ...(profile.waylandOrigin === undefined ? {} : { origin: profile.waylandOrigin })
  }, timeoutMs))
}

/** Window-relative extents placed on the screen; undefined when the placement is unknown. */
export const placed = (extents: Extents, placement: ExtentsPlacement): Extents | undefined =>
  placement.kind === "screen"
    ? extents
    : placement.kind === "window"
    ? { ...extents, x: extents.x + placement.origin.x, y: extents.y + placement.origin.y }
    : undefined
