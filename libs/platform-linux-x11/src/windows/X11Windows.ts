/**
 * The EWMH view of top-level client windows and the requests a pager sends the window manager: activate, move and
 * resize the frame, minimize, maximize, close.
 */
import { inside, type Rect, type X11Connection } from "../X11Connection.js"

export interface WindowView {
  readonly xid: number
  readonly title: string
  readonly pid?: number
  /** The frame: the client area plus the window manager's decorations (`_NET_FRAME_EXTENTS`), as AT-SPI reports it. */
  readonly bounds: Rect
  readonly client: Rect
  /** left, right, top, bottom */
  readonly frame: readonly [number, number, number, number]
  readonly minimized: boolean
  readonly maximized: boolean
  readonly focused: boolean
  readonly mapped: boolean
}

export class X11Windows {
  constructor(private readonly connection: X11Connection) {}

  private get addon() {
    return this.connection.addon
  }

  /** Top-level client windows: the window manager's `_NET_CLIENT_LIST`, else mapped children of the root. */
  clients(): ReadonlyArray<number> {
    const list = this.addon.getProperty(this.connection.info.root, "_NET_CLIENT_LIST")
    if (list && Array.isArray(list.value)) return list.value.filter((v): v is number => typeof v === "number")
    return this.addon.children(this.connection.info.root).filter((xid) => {
      try {
        const g = this.addon.geometry(xid)
        return g.map_state === 2 && !g.override_redirect
      } catch {
        return false
      }
    })
  }

  private clientPid(xid: number): number | undefined {
    try {
      const pid = this.addon.windowPid(xid)
      return pid > 0 ? pid : undefined
    } catch {
      return undefined
    }
  }

  read(xid: number): WindowView {
    const c = this.connection
    const geometry = this.addon.geometry(xid)
    const name = this.addon.getProperty(xid, "_NET_WM_NAME") ?? this.addon.getProperty(xid, "WM_NAME")
    // _NET_WM_PID, else the X server's own record of the client (X-Resource): Tk 8.6 sets no _NET_WM_PID.
    const pid = c.numbers(xid, "_NET_WM_PID")[0] ?? this.clientPid(xid)
    const state = c.strings(xid, "_NET_WM_STATE")
    const wmState = c.numbers(xid, "WM_STATE")[0]
    const active = c.rootNumbers("_NET_ACTIVE_WINDOW")[0]
    const extents = c.numbers(xid, "_NET_FRAME_EXTENTS")
    const [left, right, top, bottom] = extents.length === 4 ? extents as [number, number, number, number] : [0, 0, 0, 0]
    const client = { x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height }
    return {
      xid,
      title: typeof name?.value === "string" ? name.value : "",
      ...(pid === undefined ? {} : { pid }),
      bounds: { x: client.x - left, y: client.y - top, width: client.width + left + right, height: client.height + top + bottom },
      client,
      frame: [left, right, top, bottom],
      minimized: state.includes("_NET_WM_STATE_HIDDEN") || wmState === 3,
      maximized: state.includes("_NET_WM_STATE_MAXIMIZED_VERT") && state.includes("_NET_WM_STATE_MAXIMIZED_HORZ"),
      focused: active === xid,
      mapped: geometry.map_state === 2
    }
  }

  /** The client window of `pid` titled `title`; several: the one whose client area is nearest `bounds`. */
  find(pid: number, title: string, bounds?: Rect): WindowView | undefined {
    const views: Array<WindowView> = []
    for (const xid of this.clients()) {
      try {
        const view = this.read(xid)
        if (view.pid === pid) views.push(view)
      } catch {
        // closed while we looked
      }
    }
    const titled = views.filter((v) => v.title === title)
    const distance = (v: WindowView) =>
      bounds === undefined
        ? 0
        : Math.abs(v.bounds.x - bounds.x) + Math.abs(v.bounds.y - bounds.y) +
          Math.abs(v.bounds.width - bounds.width) + Math.abs(v.bounds.height - bounds.height)
    if (titled.length === 1) return titled[0]
    if (titled.length > 1) return bounds === undefined ? undefined : [...titled].sort((a, b) => distance(a) - distance(b))[0]
    // No title matches (an accessible window may have no name): the process's only window, or the one whose frame
    // is where AT-SPI says the window is.
    if (views.length === 1) return views[0]
    if (bounds === undefined) return undefined
    const near = views.filter((v) => distance(v) <= 8)
    return near.length === 1 ? near[0] : undefined
  }

  /** The topmost mapped, not minimized client whose frame contains the point (`_NET_CLIENT_LIST_STACKING`, top last). */
  topAt(x: number, y: number): number | undefined {
    const stacking = this.connection.rootNumbers("_NET_CLIENT_LIST_STACKING")
    const order = stacking.length > 0 ? stacking : this.clients()
    for (const xid of [...order].reverse()) {
      try {
        const view = this.read(xid)
        if (view.mapped && !view.minimized && inside(view.bounds, x, y)) return xid
      } catch {
        // closed while we looked
      }
    }
    return undefined
  }

  /** EWMH requests to the window manager (source indication 2: a pager/tool acting for the user). */
  activate(xid: number): void {
    this.addon.clientMessage(xid, "_NET_ACTIVE_WINDOW", [2, 0, 0])
  }

  /**
   * Move the frame's top-left corner to x, y and/or size the frame to width × height (decorations included, the
   * rectangle AT-SPI and list-windows report): `_NET_MOVERESIZE_WINDOW` with NorthWestGravity, whose reference
   * point is the frame's outer corner; EWMH sizes are the client's, so the decorations are subtracted.
   */
  moveResizeFrame(xid: number, change: { x?: number; y?: number; width?: number; height?: number }): void {
    const [left, right, top, bottom] = this.read(xid).frame
    const width = change.width === undefined ? undefined : change.width - left - right
    const height = change.height === undefined ? undefined : change.height - top - bottom
    if ((width !== undefined && width < 1) || (height !== undefined && height < 1)) {
      throw new RangeError(`the frame cannot be smaller than its decorations (${left + right}x${top + bottom})`)
    }
    const flags = (change.x !== undefined ? 1 << 8 : 0) | (change.y !== undefined ? 1 << 9 : 0) |
      (width !== undefined ? 1 << 10 : 0) | (height !== undefined ? 1 << 11 : 0)
    const NORTH_WEST_GRAVITY = 1
    this.addon.clientMessage(xid, "_NET_MOVERESIZE_WINDOW", [
      NORTH_WEST_GRAVITY | flags | (2 << 12),
      change.x ?? 0,
      change.y ?? 0,
      width ?? 0,
      height ?? 0
    ])
  }

  /** Ask the window manager to close the window the way its close button would (the app may ask to save first). */
  close(xid: number): void {
    this.addon.clientMessage(xid, "_NET_CLOSE_WINDOW", [0, 2])
  }

  minimize(xid: number): void {
    const ICONIC_STATE = 3
    this.addon.clientMessage(xid, "WM_CHANGE_STATE", [ICONIC_STATE])
  }

  setMaximized(xid: number, on: boolean): void {
    this.addon.clientMessage(xid, "_NET_WM_STATE", [on ? 1 : 0, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", 2])
  }

  /** The window manager's name (`_NET_SUPPORTING_WM_CHECK` → `_NET_WM_NAME`), or undefined without one. */
  manager(): string | undefined {
    const check = this.connection.rootNumbers("_NET_SUPPORTING_WM_CHECK")[0]
    if (check === undefined) return undefined
    try {
      const name = this.addon.getProperty(check, "_NET_WM_NAME")
      return typeof name?.value === "string" ? name.value : "unnamed"
    } catch {
      return undefined
    }
  }
}
