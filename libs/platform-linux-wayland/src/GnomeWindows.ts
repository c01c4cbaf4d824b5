/**
 * GNOME's windows through agent-desktop's GNOME Shell extension (`gnome-extension/`, uuid `windows@agent-desktop`),
 * which exports `org.agentdesktop.Windows1` at `/org/agentdesktop/Windows` under the name `org.agentdesktop.Windows`
 * on the session bus. GNOME Shell's own window interfaces (Introspect, Eval) answer only allowed callers and mutter
 * has no window-geometry API, so code inside the shell is the one route (the one window-management tools for GNOME
 * take). The list carries each window's mutter id (stable for the window's life), pid, title, WM class, app id,
 * frame and buffer rectangles, focus, state, workspace and client type (Wayland or XWayland).
 *
 * mutter moves at once but resizes a Wayland client once it acknowledged the size, so each change is read back until
 * the list shows it (or the deadline passes, and the caller reads the window back to know what happened).
 *
 * Whether the extension runs, and if not why (not installed, installed but not loaded by the running shell, disabled,
 * failed), comes from the shell's `org.gnome.Shell.Extensions` (open to any client: `gnome-extensions` uses it).
 */
import type { DbusCall } from "./DbusCall.js"

export const EXTENSION_UUID = "windows@agent-desktop"
export const WINDOWS_BUS_NAME = "org.agentdesktop.Windows"
const PATH = "/org/agentdesktop/Windows"
const INTERFACE = "org.agentdesktop.Windows1"
/** The interface version this client speaks (the extension's `Version` property). */
export const WINDOWS_INTERFACE_VERSION = 1

export interface GnomeRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface GnomeWindow {
  /** mutter's window id (`meta_window_get_id`). */
  readonly id: number
  readonly pid: number
  readonly title: string
  readonly wmClass: string
  readonly appId: string
  /** The frame: the xdg window geometry of a client-side-decorated window, shadows excluded. */
  readonly frame: GnomeRect
  /** The client's buffer: its surface, client-side shadows included. */
  readonly buffer: GnomeRect
  readonly focused: boolean
  readonly minimized: boolean
  readonly maximized: boolean
  readonly fullscreen: boolean
  /** The workspace's index; -1 on every workspace. */
  readonly workspace: number
  readonly client: "wayland" | "x11"
  /** An application window (normal, dialog or utility, in the task list), not a menu, tooltip or panel. */
  readonly normal: boolean
  readonly hidden: boolean
  /** The position in mutter's stack: higher is above. */
  readonly stacking: number
}

export type GnomeOperation =
  | { readonly kind: "focus" | "minimize" | "maximize" | "restore" | "close" }
  | { readonly kind: "move"; readonly x: number; readonly y: number }
  | { readonly kind: "resize"; readonly width: number; readonly height: number }

/** The extension does not answer on this session bus (`status` says why, from `extensionState`). */
export class ExtensionNotRunning extends Error {}

const NOT_RUNNING = /ServiceUnknown|NameHasNoOwner|UnknownObject|UnknownInterface|UnknownMethod/

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const holds = (w: GnomeWindow | undefined, operation: GnomeOperation): boolean => {
  switch (operation.kind) {
    case "focus": return w?.focused === true
    case "move": return w?.frame.x === operation.x && w.frame.y === operation.y
    case "resize": return w?.frame.width === operation.width && w.frame.height === operation.height
    case "minimize": return w?.minimized === true
    case "maximize": return w?.maximized === true
    case "restore": return w !== undefined && !w.minimized && !w.maximized && !w.fullscreen
    case "close": return w === undefined
  }
}

const METHODS: Readonly<Record<GnomeOperation["kind"], string>> = {
  focus: "Activate",
  move: "Move",
  resize: "Resize",
  minimize: "Minimize",
  maximize: "Maximize",
  restore: "Unmaximize",
  close: "Close"
}

export class GnomeWindows {
  constructor(private readonly bus: () => DbusCall) {}

  private async invoke(member: string, signature?: string, body: ReadonlyArray<unknown> = []): Promise<ReadonlyArray<unknown>> {
    let call: DbusCall
    try {
      call = this.bus()
    } catch (error) {
      throw new ExtensionNotRunning(`the session bus is not reachable to ask agent-desktop's GNOME Shell extension (${EXTENSION_UUID}): ${(error as Error).message}`)
    }
    try {
      return await call({ destination: WINDOWS_BUS_NAME, path: PATH, interface: INTERFACE, member, ...(signature ? { signature, body } : {}) })
    } catch (error) {
      if (NOT_RUNNING.test(String((error as Error).message)) || NOT_RUNNING.test(String((error as { dbusName?: string }).dbusName))) {
        throw new ExtensionNotRunning(`agent-desktop's GNOME Shell extension (${EXTENSION_UUID}) does not answer on the session bus: ${(error as Error).message}`)
      }
      throw error
    }
  }

  /**
   * Every window mutter manages (override-redirect ones excepted), bottom of the stack first, and whether the overview
   * shows (it then takes the pointer and keys: no window is under the pointer).
   */
  async state(): Promise<{ readonly overview: boolean; readonly windows: ReadonlyArray<GnomeWindow> }> {
    const [json] = await this.invoke("List")
    if (typeof json !== "string") throw new Error(`${INTERFACE}.List answered no JSON text`)
    const state = JSON.parse(json) as { overview: boolean; windows: Array<GnomeWindow> }
    return { overview: state.overview, windows: [...state.windows].sort((a, b) => a.stacking - b.stacking) }
  }

  async list(): Promise<ReadonlyArray<GnomeWindow>> {
    return (await this.state()).windows
  }

  /** False when mutter has no such window; else waits (up to `settleMs`) until the list shows the change. */
  async operate(id: number, operation: GnomeOperation, settleMs = 2000): Promise<boolean> {
    if (operation.kind === "focus") {
      // Activating a minimized window raises it only in mutter's stack: it is shown first, as a click in a dock does.
      const window = (await this.list()).find((w) => w.id === id)
      if (window?.minimized === true) await this.invoke("Unminimize", "t", [id])
    }
    const [found] =
      operation.kind === "move"
        ? await this.invoke("Move", "tii", [id, operation.x, operation.y])
        : operation.kind === "resize"
          ? await this.invoke("Resize", "tii", [id, operation.width, operation.height])
          : await this.invoke(METHODS[operation.kind], "t", [id])
    if (found !== true) return false
    for (let attempt = 1, until = Date.now() + settleMs; Date.now() < until; await sleep(25)) {
      const state = await this.state()
      const window = state.windows.find((w) => w.id === id)
      if (holds(window, operation) && !(operation.kind === "focus" && state.overview)) break
      // Leaving the overview can hand the focus to another window after the activation (its animation ends later,
      // seen on a shell's start-up overview): the window is activated again, twice at most, 700 ms apart.
      if (operation.kind === "focus" && window !== undefined && !state.overview && attempt < 3 && Date.now() > until - settleMs + attempt * 700) {
        attempt++
        await this.invoke("Activate", "t", [id])
      }
    }
    return true
  }
}

/** What the running shell says of the extension (`org.gnome.Shell.Extensions.GetExtensionInfo`). */
export type ExtensionState =
  | { readonly kind: "running"; readonly version: number }
  | { readonly kind: "not_loaded" }
  | { readonly kind: "disabled" }
  | { readonly kind: "failed"; readonly error: string }
  | { readonly kind: "other"; readonly state: number }
  | { readonly kind: "unknown"; readonly reason: string }

type Variant = readonly [string, readonly [unknown]]
const variant = (value: unknown): unknown => (Array.isArray(value) && Array.isArray(value[1]) ? (value as unknown as Variant)[1][0] : undefined)
const entry = (dict: unknown, key: string): unknown =>
  Array.isArray(dict) ? variant((dict as ReadonlyArray<readonly [string, unknown]>).find((pair) => pair[0] === key)?.[1]) : undefined

/** GNOME Shell's ExtensionState values (js/misc/extensionUtils.js). */
const ENABLED = 1
const DISABLED = 2
const ERROR = 3
const INITIALIZED = 6

export const extensionState = async (call: DbusCall): Promise<ExtensionState> => {
  try {
    const [version] = await call({ destination: WINDOWS_BUS_NAME, path: PATH, interface: "org.freedesktop.DBus.Properties", member: "Get", signature: "ss", body: [INTERFACE, "Version"] })
    return { kind: "running", version: Number(variant(version)) }
  } catch {
    // Not on the bus: the shell says why.
  }
  let info: unknown
  try {
    ;[info] = await call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.gnome.Shell.Extensions", member: "GetExtensionInfo", signature: "s", body: [EXTENSION_UUID] })
  } catch (error) {
    return { kind: "unknown", reason: `GNOME Shell's org.gnome.Shell.Extensions did not answer: ${(error as Error).message}` }
  }
  const state = entry(info, "state")
  if (state === undefined) return { kind: "not_loaded" }
  switch (Number(state)) {
    case ENABLED: return { kind: "failed", error: "enabled, but its D-Bus name is not on the session bus" }
    case DISABLED:
    case INITIALIZED: return { kind: "disabled" }
    case ERROR: return { kind: "failed", error: String(entry(info, "error") ?? "no error text") }
    default: return { kind: "other", state: Number(state) }
  }
}
