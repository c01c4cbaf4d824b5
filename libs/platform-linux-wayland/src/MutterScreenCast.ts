/**
 * mutter's `org.gnome.Mutter.ScreenCast` tied to a RemoteDesktop session (`remote-desktop-session-id`): one
 * `RecordMonitor` stream per logical monitor, recorded before the remote-desktop session starts (its Start starts
 * them). RemoteDesktop's absolute motion names a stream and takes coordinates inside it; each stream's PipeWire node
 * (`PipeWireStreamAdded`) carries the monitor's frames. Like RemoteDesktop, any client of the session bus may do this
 * without a dialog (the ScreenCast portal is where a real desktop asks its user).
 *
 * Monitors come from `org.gnome.Mutter.DisplayConfig.GetCurrentState` (open to any client): a logical monitor's origin,
 * and its size from the current mode (divided by the scale in the logical layout mode).
 */
import type { DbusCall } from "./DbusCall.js"

const SCREEN_CAST = "org.gnome.Mutter.ScreenCast"
const DISPLAY_CONFIG = "org.gnome.Mutter.DisplayConfig"

export interface MonitorBounds {
  readonly connector: string
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface MonitorStream {
  /** The ScreenCast stream's object path (what NotifyPointerMotionAbsolute names). */
  readonly path: string
  readonly bounds: MonitorBounds
}

type Variant = readonly [string, readonly [unknown]]
const variant = (value: unknown): unknown => (Array.isArray(value) && Array.isArray(value[1]) ? (value as unknown as Variant)[1][0] : undefined)
const dictGet = (dict: unknown, key: string): unknown =>
  Array.isArray(dict) ? variant((dict as ReadonlyArray<readonly [string, unknown]>).find((entry) => entry[0] === key)?.[1]) : undefined

/** The logical monitors of the session, in global (logical) coordinates. */
export const currentMonitors = async (call: DbusCall): Promise<ReadonlyArray<MonitorBounds>> => {
  const [, monitors, logical, properties] = await call({
    destination: DISPLAY_CONFIG, path: "/org/gnome/Mutter/DisplayConfig", interface: DISPLAY_CONFIG, member: "GetCurrentState"
  }) as [number, ReadonlyArray<any>, ReadonlyArray<any>, unknown]
  const logicalLayout = dictGet(properties, "layout-mode") === 1
  const modeSize = (connector: string): { width: number; height: number } | undefined => {
    const monitor = monitors.find((m) => m[0][0] === connector)
    const mode = (monitor?.[1] as ReadonlyArray<any> | undefined)?.find((m) => dictGet(m[6], "is-current") === true)
    return mode === undefined ? undefined : { width: Number(mode[1]), height: Number(mode[2]) }
  }
  return logical.flatMap((entry) => {
    const [x, y, scale, , , members] = entry as [number, number, number, number, boolean, ReadonlyArray<any>]
    const connector = String(members[0]?.[0] ?? "")
    const size = modeSize(connector)
    if (size === undefined) return []
    const divisor = logicalLayout ? Number(scale) : 1
    return [{ connector, x: Number(x), y: Number(y), width: Math.round(size.width / divisor), height: Math.round(size.height / divisor) }]
  })
}

export class MutterScreenCast {
  private constructor(readonly sessionPath: string, readonly streams: ReadonlyArray<MonitorStream>) {}

  /** Records every monitor in a ScreenCast session of the (not yet started) remote-desktop session at `remotePath`. */
  static async record(call: DbusCall, remotePath: string, cursorMode: 0 | 1 | 2 = 0): Promise<MutterScreenCast> {
    const [id] = await call({
      destination: "org.gnome.Mutter.RemoteDesktop", path: remotePath, interface: "org.freedesktop.DBus.Properties",
      member: "Get", signature: "ss", body: ["org.gnome.Mutter.RemoteDesktop.Session", "SessionId"]
    })
    const sessionId = variant(id)
    if (typeof sessionId !== "string") throw new Error("the RemoteDesktop session has no SessionId")
    const monitors = await currentMonitors(call)
    if (monitors.length === 0) throw new Error("DisplayConfig lists no monitor")
    const [sessionPath] = await call({
      destination: SCREEN_CAST, path: "/org/gnome/Mutter/ScreenCast", interface: SCREEN_CAST, member: "CreateSession",
      signature: "a{sv}", body: [[["remote-desktop-session-id", ["s", sessionId]]]]
    })
    const streams: Array<MonitorStream> = []
    for (const bounds of monitors) {
      const [path] = await call({
        destination: SCREEN_CAST, path: String(sessionPath), interface: `${SCREEN_CAST}.Session`, member: "RecordMonitor",
        signature: "sa{sv}", body: [bounds.connector, [["cursor-mode", ["u", cursorMode]]]]
      })
      streams.push({ path: String(path), bounds })
    }
    return new MutterScreenCast(String(sessionPath), streams)
  }
}
