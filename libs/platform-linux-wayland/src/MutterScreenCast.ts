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
  /** The PipeWire node carrying its frames, once mutter announced it (PipeWireStreamAdded, after Start). */
  node?: number
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

const NODE_WAIT_MS = 2000

export class MutterScreenCast {
  private stopListening: (() => void) | undefined
  /** Why the streams' PipeWire nodes are unknown (no signals on this connection, or none came). */
  nodesUnknown: string | undefined

  private constructor(readonly sessionPath: string, readonly streams: ReadonlyArray<MonitorStream>) {}

  /** Listens for the streams' PipeWire nodes; mutter announces them when the session starts. */
  private async listenForNodes(call: DbusCall): Promise<void> {
    if (call.listen === undefined) {
      this.nodesUnknown = "this D-Bus connection delivers no signals, and mutter names a stream's PipeWire node only in one"
      return
    }
    this.stopListening = await call.listen(`type='signal',interface='${SCREEN_CAST}.Stream',member='PipeWireStreamAdded'`, (signal) => {
      const stream = this.streams.find((s) => s.path === signal.path)
      if (stream !== undefined && typeof signal.body[0] === "number") stream.node = signal.body[0]
    })
  }

  /** After Start: waits until every stream has its node (or the wait ends), then stops listening. */
  async awaitNodes(waitMs = NODE_WAIT_MS): Promise<void> {
    if (this.stopListening === undefined) return
    for (const until = Date.now() + waitMs; this.streams.some((s) => s.node === undefined) && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    this.stopListening()
    this.stopListening = undefined
    if (this.streams.some((s) => s.node === undefined)) this.nodesUnknown = `mutter announced no PipeWire node within ${waitMs} ms of the start`
  }

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
    const screenCast = new MutterScreenCast(String(sessionPath), streams)
    await screenCast.listenForNodes(call)
    return screenCast
  }
}
