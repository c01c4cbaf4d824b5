/**
 * sway's IPC (the i3 protocol) over its Unix socket (`SWAYSOCK`), in TypeScript: a frame is the magic `i3-ipc`, the
 * payload length and the message type (both 32-bit, host order), then JSON. One connection, requests answered in
 * order. Used for what the Wayland protocols do not say: window geometry, pids, focus, move and resize.
 */
import { connect, type Socket } from "node:net"
import { endianness } from "node:os"

const MAGIC = Buffer.from("i3-ipc", "ascii")
const HEADER = MAGIC.length + 8

export const SwayMessage = {
  RUN_COMMAND: 0,
  GET_WORKSPACES: 1,
  GET_OUTPUTS: 3,
  GET_TREE: 4,
  GET_VERSION: 7,
  GET_INPUTS: 100,
  GET_SEATS: 101
} as const

export class SwayIpcError extends Error {}

const little = endianness() === "LE"

export const encodeFrame = (type: number, payload: string): Buffer => {
  const body = Buffer.from(payload, "utf8")
  const header = Buffer.alloc(HEADER)
  MAGIC.copy(header, 0)
  if (little) {
    header.writeUInt32LE(body.length, MAGIC.length)
    header.writeUInt32LE(type, MAGIC.length + 4)
  } else {
    header.writeUInt32BE(body.length, MAGIC.length)
    header.writeUInt32BE(type, MAGIC.length + 4)
  }
  return Buffer.concat([header, body])
}

/** Splits complete frames off the front of `buffer`; returns them and what is left. */
export const decodeFrames = (buffer: Buffer): { frames: ReadonlyArray<{ type: number; payload: string }>; rest: Buffer } => {
  const frames: Array<{ type: number; payload: string }> = []
  let offset = 0
  while (buffer.length - offset >= HEADER) {
    if (!buffer.subarray(offset, offset + MAGIC.length).equals(MAGIC)) throw new SwayIpcError("not an i3-ipc frame")
    const length = little ? buffer.readUInt32LE(offset + MAGIC.length) : buffer.readUInt32BE(offset + MAGIC.length)
    const type = little ? buffer.readUInt32LE(offset + MAGIC.length + 4) : buffer.readUInt32BE(offset + MAGIC.length + 4)
    if (buffer.length - offset - HEADER < length) break
    frames.push({ type, payload: buffer.subarray(offset + HEADER, offset + HEADER + length).toString("utf8") })
    offset += HEADER + length
  }
  return { frames, rest: buffer.subarray(offset) }
}

export interface SwayRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface SwayNode {
  readonly id: number
  readonly type: string
  readonly name: string | null
  readonly rect: SwayRect
  readonly window_rect?: SwayRect
  readonly deco_rect?: SwayRect
  readonly geometry?: SwayRect
  readonly focused: boolean
  readonly visible?: boolean
  readonly pid?: number
  readonly app_id?: string | null
  readonly shell?: string
  readonly fullscreen_mode?: number
  readonly window_properties?: { readonly class?: string; readonly instance?: string; readonly title?: string }
  readonly nodes: ReadonlyArray<SwayNode>
  readonly floating_nodes: ReadonlyArray<SwayNode>
}

/** A window (view) as sway sees it. */
export interface SwayWindow {
  readonly id: number
  readonly pid: number
  readonly title: string
  /** The Wayland app id, or the X11 class for an XWayland window. */
  readonly appId: string
  /** "xdg_shell" or "xwayland". */
  readonly shell: string
  /** The container below its title bar: the content plus sway's border, global logical coordinates. */
  readonly rect: SwayRect
  /**
   * The whole frame: `rect` with the title bar above it (what `move absolute position` places and `resize set`
   * sizes, and what list-windows reports as a window's bounds).
   */
  readonly frame: SwayRect
  /** The content area inside `rect` (relative to `rect`): where sway places the surface. */
  readonly windowRect: SwayRect
  /** The surface's own window geometry (xdg_surface set_window_geometry: size; x, y within the surface). */
  readonly geometry: SwayRect
  readonly focused: boolean
  readonly visible: boolean
  readonly floating: boolean
  readonly fullscreen: boolean
  readonly workspace: string | undefined
  readonly output: string | undefined
}

/** Every view in a GET_TREE answer, in tree order, with the workspace and output it is on. */
export const swayWindows = (tree: SwayNode): ReadonlyArray<SwayWindow> => {
  const out: Array<SwayWindow> = []
  const walk = (node: SwayNode, floating: boolean, workspace: string | undefined, output: string | undefined) => {
    const ws = node.type === "workspace" ? node.name ?? undefined : workspace
    const op = node.type === "output" ? node.name ?? undefined : output
    if (node.pid !== undefined && (node.type === "con" || node.type === "floating_con")) {
      const zero = { x: 0, y: 0, width: node.rect.width, height: node.rect.height }
      const title = node.deco_rect?.height ?? 0
      out.push({
        id: node.id,
        pid: node.pid,
        title: node.name ?? node.window_properties?.title ?? "",
        appId: node.app_id ?? node.window_properties?.class ?? "",
        shell: node.shell ?? "",
        rect: node.rect,
        frame: { x: node.rect.x, y: node.rect.y - title, width: node.rect.width, height: node.rect.height + title },
        windowRect: node.window_rect ?? zero,
        geometry: node.geometry ?? zero,
        focused: node.focused,
        visible: node.visible ?? true,
        floating,
        fullscreen: (node.fullscreen_mode ?? 0) !== 0,
        workspace: ws,
        output: op
      })
    }
    for (const child of node.nodes) walk(child, floating, ws, op)
    for (const child of node.floating_nodes) walk(child, true, ws, op)
  }
  walk(tree, false, undefined, undefined)
  return out
}

export interface CommandResult {
  readonly success: boolean
  readonly error?: string
}

export class SwayIpc {
  private socket: Socket | undefined
  private buffer: Buffer = Buffer.alloc(0)
  private readonly waiting: Array<{ type: number; resolve: (payload: string) => void; reject: (error: Error) => void }> = []

  constructor(readonly socketPath: string, private readonly timeoutMs = 5000) {}

  /** The socket sway announces to its children, else the caller's SWAYSOCK. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): SwayIpc {
    const path = env.SWAYSOCK
    if (!path) throw new SwayIpcError("SWAYSOCK is not set: not a sway session, or sway's IPC socket is unknown")
    return new SwayIpc(path)
  }

  private open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket)
    return new Promise((resolve, reject) => {
      const socket = connect(this.socketPath)
      // A pending request's timer keeps the process alive while it waits; an idle connection must not.
      socket.unref()
      socket.once("connect", () => {
        this.socket = socket
        resolve(socket)
      })
      socket.once("error", (error) => {
        this.fail(new SwayIpcError(`sway IPC ${this.socketPath}: ${error.message}`))
        reject(new SwayIpcError(`sway IPC ${this.socketPath}: ${error.message}`))
      })
      socket.on("data", (chunk: Buffer) => this.receive(chunk))
      socket.on("close", () => this.fail(new SwayIpcError("sway closed the IPC connection")))
    })
  }

  private receive(chunk: Buffer): void {
    try {
      const { frames, rest } = decodeFrames(Buffer.concat([this.buffer, chunk]))
      this.buffer = rest
      for (const frame of frames) {
        // Events (high bit set) are never subscribed to here; anything else answers the oldest request.
        if ((frame.type & 0x80000000) !== 0) continue
        this.waiting.shift()?.resolve(frame.payload)
      }
    } catch (error) {
      this.fail(error as Error)
      this.socket?.destroy()
    }
  }

  private fail(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error)
    this.buffer = Buffer.alloc(0)
  }

  async request<A>(type: number, payload = ""): Promise<A> {
    const socket = await this.open()
    const answer = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SwayIpcError(`sway IPC: no answer to message ${type} within ${this.timeoutMs} ms`)), this.timeoutMs)
      this.waiting.push({
        type,
        resolve: (text) => {
          clearTimeout(timer)
          resolve(text)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        }
      })
    })
    socket.write(encodeFrame(type, payload))
    return JSON.parse(await answer) as A
  }

  tree(): Promise<SwayNode> {
    return this.request<SwayNode>(SwayMessage.GET_TREE)
  }

  async windows(): Promise<ReadonlyArray<SwayWindow>> {
    return swayWindows(await this.tree())
  }

  version(): Promise<{ readonly human_readable: string; readonly major: number; readonly minor: number; readonly patch: number }> {
    return this.request(SwayMessage.GET_VERSION)
  }

  outputs(): Promise<ReadonlyArray<{ readonly name: string; readonly active: boolean; readonly rect: SwayRect; readonly scale?: number }>> {
    return this.request(SwayMessage.GET_OUTPUTS)
  }

  /** Runs sway commands; fails with sway's own error text when one of them did. */
  async command(command: string): Promise<ReadonlyArray<CommandResult>> {
    const results = await this.request<ReadonlyArray<CommandResult>>(SwayMessage.RUN_COMMAND, command)
    const failed = results.find((result) => !result.success)
    if (failed) throw new SwayIpcError(`sway: ${command}: ${failed.error ?? "failed"}`)
    return results
  }

  focus(id: number): Promise<ReadonlyArray<CommandResult>> {
    return this.command(`[con_id=${id}] focus`)
  }

  /**
   * Moves a window's frame (title bar and border included) so its top-left corner is at x, y. sway positions only
   * floating windows, so a tiled one is made floating first (the caller learns this from `floating` afterwards).
   * Resolves once sway's state has held the new place for a moment (see `settle`).
   */
  move(id: number, x: number, y: number): Promise<SwayWindow> {
    const [px, py] = [Math.round(x), Math.round(y)]
    return this.settle(
      id,
      () => this.command(`[con_id=${id}] floating enable, move absolute position ${px} px ${py} px`),
      (w) => w.floating && w.frame.x === px && w.frame.y === py,
      `move to ${px}, ${py}`
    )
  }

  /**
   * Sizes a window's frame (title bar and border included) keeping its top-left corner: sway's `resize set` keeps a
   * floating window's centre, so the frame is moved back. A tiled one is made floating first, as for move.
   */
  async resize(id: number, width: number, height: number): Promise<SwayWindow> {
    const before = (await this.windows()).find((w) => w.id === id)
    if (before === undefined) throw new SwayIpcError(`sway has no window ${id}`)
    const [w, h, x, y] = [Math.round(width), Math.round(height), before.frame.x, before.frame.y]
    return this.settle(
      id,
      () => this.command(`[con_id=${id}] floating enable, resize set width ${w} px height ${h} px, move absolute position ${x} px ${y} px`),
      (now) => now.floating && now.frame.width === w && now.frame.height === h && now.frame.x === x && now.frame.y === y,
      `resize to ${w}x${h}`
    )
  }

  /**
   * Runs a geometry command until sway's state shows its effect for several polls in a row. sway 1.7 can drop a
   * change made while the window's previous configure is still in flight: the state shows it, then reverts when the
   * older transaction completes (seen: `floating enable` then `resize set` at once left GTK 3 at its old size). A
   * reverted change is sent again; one sway never shows (the app refused the size) fails with what sway has.
   */
  private async settle(id: number, send: () => Promise<unknown>, done: (window: SwayWindow) => boolean, what: string): Promise<SwayWindow> {
    const STABLE_POLLS = 4
    const POLL_MS = 50
    let last: SwayWindow | undefined
    for (let attempt = 0; attempt < 3; attempt++) {
      await send()
      let stable = 0
      const until = Date.now() + 1500
      while (Date.now() < until) {
        last = (await this.windows()).find((w) => w.id === id)
        if (last === undefined) throw new SwayIpcError(`sway window ${id} closed during ${what}`)
        stable = done(last) ? stable + 1 : 0
        if (stable >= STABLE_POLLS) return last
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    }
    throw new SwayIpcError(`sway did not keep the ${what} of window ${id}: its frame is ${JSON.stringify(last?.frame)}`)
  }

  close(): void {
    this.socket?.destroy()
    this.socket = undefined
  }
}
