/**
 * The compiled addon (`build/Release/agent_desktop_wayland.node`, see `native/wayland.c`), loaded on first use. A
 * machine where it was not built gets the reason from `build/addon-status.json` (which Debian packages were missing,
 * or the compiler's last lines) instead of a crash.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"

export interface RawOutput {
  readonly name: string | null
  readonly description: string | null
  /** The logical rectangle in the compositor's global space (xdg-output; else wl_output's position and mode / scale). */
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly mode_width: number
  readonly mode_height: number
  readonly scale: number
  readonly transform: number
  /** True when the rectangle came from xdg-output. */
  readonly logical: boolean
}

/** The protocol versions bound (null: the compositor does not offer it). */
export interface ProtocolVersions {
  readonly virtual_keyboard: number | null
  readonly virtual_pointer: number | null
  readonly screencopy: number | null
  readonly foreign_toplevel: number | null
  readonly xdg_output: number | null
  /** KWin's fake input: offered only to executables a .desktop file authorizes. */
  readonly kde_fake_input: number | null
  /** The clipboard without a focused surface (zwlr_data_control_manager_v1; mutter offers none). */
  readonly data_control: number | null
  readonly shm: boolean
  readonly seat: boolean
}

export interface ConnectionInfo {
  readonly display: string
  readonly seat: string | null
  /** wl_seat capabilities: 1 pointer, 2 keyboard, 4 touch. */
  readonly seat_capabilities: number
  readonly protocols: ProtocolVersions
  readonly globals: ReadonlyArray<{ readonly interface: string; readonly version: number }>
  readonly outputs: ReadonlyArray<RawOutput>
}

export interface RawToplevel {
  /** Stable for this connection, in the order the compositor announced the windows. */
  readonly id: number
  readonly title: string
  readonly app_id: string
  readonly maximized: boolean
  readonly minimized: boolean
  readonly activated: boolean
  readonly fullscreen: boolean
  readonly parent: number | null
  readonly outputs: ReadonlyArray<string | null>
}

export type ToplevelAction = "activate" | "close" | "maximize" | "unmaximize" | "minimize" | "unminimize" | "fullscreen" | "unfullscreen"

export interface RawCapture {
  readonly width: number
  readonly height: number
  /** The wl_shm format the compositor filled. */
  readonly format: number
  readonly y_invert: boolean
  readonly png?: Buffer
  /** Tightly packed RGB rows (encoding "raw"). */
  readonly rgb?: Buffer
}

/**
 * The addon's functions; each is synchronous, bounded (a wait for the compositor gives up after 5 s with WL_TIMEOUT)
 * and throws an Error whose `code` is one of WL_NO_DISPLAY, WL_CONNECT_FAILED, WL_NOT_CONNECTED,
 * WL_CONNECTION_LOST, WL_PROTOCOL_ERROR, WL_PROTOCOL_UNAVAILABLE, WL_TIMEOUT, WL_KEYMAP_INVALID, WL_NO_KEYMAP,
 * WL_NO_OUTPUT, WL_NO_TOPLEVEL, WL_CAPTURE_FAILED, WL_CLIPBOARD_FAILED, WL_BAD_ARGUMENT, WL_NO_MEMORY, WL_XKB_FAILED, WL_NO_KEYBOARD.
 */
export interface WaylandAddon {
  /** Connects (or re-checks the existing connection) to `display` (a name or an absolute path; default WAYLAND_DISPLAY). */
  readonly connect: (display?: string | null) => ConnectionInfo
  readonly disconnect: () => void
  /** Waits until the compositor processed everything sent so far. */
  readonly sync: () => void
  readonly outputs: () => ReadonlyArray<RawOutput>
  /** The seat's capabilities after a round trip (1 pointer, 2 keyboard, 4 touch). */
  readonly seatCapabilities: () => number
  /** The keymap text xkbcommon compiles from RMLVO names (null: xkbcommon's defaults, i.e. XKB_DEFAULT_* or us). */
  readonly keymapFromNames: (rules: string | null, model: string | null, layout: string | null, variant: string | null, options: string | null) => string
  readonly keymapUpload: (keymap: string) => { readonly min_keycode: number; readonly max_keycode: number; readonly size: number }
  readonly keymapLookup: (keysym: number) => { readonly keycode: number; readonly level: number; readonly mask: number } | null
  /**
   * Where the seat's own keymap (the session's layout, what the compositor gives a client's wl_keyboard) has this
   * keysym, or null: GNOME's and KDE's input channels can type only what that layout has.
   */
  readonly seatKeymapLookup: (keysym: number) => { readonly keycode: number; readonly level: number; readonly mask: number } | null
  /** Keys 9-255 the keymap (given, or the uploaded one) names but binds nothing to. */
  readonly keymapSpareKeys: (keymap?: string | null) => ReadonlyArray<{ readonly keycode: number; readonly name: string }>
  readonly keymapModifierMask: (name: string) => number
  readonly keysymFromName: (name: string) => number
  readonly keysymName: (keysym: number) => string | null
  readonly keysymFromChar: (codePoint: number) => number
  readonly key: (keycode: number, down: boolean) => boolean
  readonly modifiers: (depressed: number, latched: number, locked: number, group: number) => boolean
  readonly modifierState: () => { readonly depressed: number; readonly latched: number; readonly locked: number; readonly group: number }
  readonly pointerMotion: (x: number, y: number, extentWidth: number, extentHeight: number) => boolean
  readonly pointerButton: (button: number, down: boolean) => boolean
  /** `steps` wheel notches; axis 0 vertical (positive = down), 1 horizontal (positive = right). */
  readonly pointerAxis: (axis: 0 | 1, steps: number) => boolean
  /** A continuous scroll of `value` surface units (a wheel source without discrete steps). */
  readonly pointerScroll: (axis: 0 | 1, value: number) => boolean
  readonly capture: (output: number, x: number, y: number, width: number, height: number, cursor: boolean, encoding: "png" | "raw") => RawCapture
  readonly toplevels: () => ReadonlyArray<RawToplevel>
  readonly toplevelAction: (id: number, action: ToplevelAction) => boolean
  /** KWin's fake input (WL_PROTOCOL_UNAVAILABLE unless this executable is authorized). */
  readonly fakeInputAuthenticate: (application: string, reason: string) => boolean
  /** An evdev key code through KWin's own keymap. */
  readonly fakeKey: (code: number, down: boolean) => boolean
  /** Global logical coordinates. */
  readonly fakeMotionAbsolute: (x: number, y: number) => boolean
  readonly fakeButton: (button: number, down: boolean) => boolean
  readonly fakeAxis: (axis: 0 | 1, steps: number) => boolean
  /** The MIME types the clipboard's owner offers, or null when nothing owns it (zwlr_data_control_device_v1). */
  readonly clipboardMimeTypes: () => ReadonlyArray<string> | null
  /** The clipboard's bytes in `mime`, or null when nothing owns it or its owner does not offer `mime`. */
  readonly clipboardReceive: (mime: string, timeoutMs: number) => Buffer | null
  /** Unsets the selection; true when nothing owns it afterwards. */
  readonly clipboardClear: () => boolean
  /** Offers `items` as the selection; true once the compositor made it the selection. */
  readonly clipboardOwn: (items: ReadonlyArray<{ readonly mime: string; readonly data: Buffer }>) => boolean
  /** Answers pastes until another client takes the selection ("cancelled") or the compositor goes ("lost"). Blocks. */
  readonly clipboardServe: () => "cancelled" | "lost"
  /**
   * KWin's ScreenShot2.CaptureArea on the session bus at `socketPath` (its own short D-Bus connection: the image comes
   * through a pipe passed as a file descriptor). Throws DBUS_ERROR with KWin's error name when it refuses.
   */
  readonly kwinScreenshotArea: (socketPath: string, abstract: boolean, x: number, y: number, width: number, height: number) => { readonly width: number; readonly height: number; readonly png: Buffer }
  /**
   * GNOME's clipboard through a mutter RemoteDesktop session on a session-bus connection of the addon's own (fds
   * pass over it): the selection's MIME types (null: no owner), then the first of `choose(offered)` with data.
   */
  readonly mutterClipboardRead: (
    socketPath: string,
    abstract: boolean,
    choose: (offered: ReadonlyArray<string>) => ReadonlyArray<string>,
    timeoutMs: number
  ) => { readonly offered: ReadonlyArray<string> | null; readonly mime?: string; readonly data?: Buffer }
  /**
   * Takes GNOME's clipboard with `items` through a mutter RemoteDesktop session, calls `onOwned`, then answers
   * pastes until another client takes it (`cancelled`) or the bus goes away (`lost`). Blocks: a detached owner's.
   */
  readonly mutterClipboardServe: (
    socketPath: string,
    abstract: boolean,
    items: ReadonlyArray<{ readonly mime: string; readonly data: Buffer }>,
    onOwned: () => void
  ) => "cancelled" | "lost"
}

export type AddonLoad =
  | { readonly _tag: "Loaded"; readonly addon: WaylandAddon }
  | { readonly _tag: "Unavailable"; readonly reason: string; readonly missing: ReadonlyArray<string> }

const DEFAULT_PACKAGES = "build-essential libwayland-dev libxkbcommon-dev wayland-protocols plasma-wayland-protocols zlib1g-dev"

export const packageRoot = (): string => {
  // Resolved through the package name so it also works from a bundle.
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve("@agent-desktop/platform-linux-wayland/package.json"))
}

let loaded: AddonLoad | undefined

export const loadAddon = (): AddonLoad => {
  if (loaded !== undefined) return loaded
  let root: string
  try {
    root = packageRoot()
  } catch (error) {
    loaded = { _tag: "Unavailable", reason: `the Wayland addon package is not installed: ${String(error)}`, missing: [] }
    return loaded
  }
  loaded = loadFrom(root)
  return loaded
}

/** Load the addon built under `root` (the package directory), or say why it cannot be. */
export const loadFrom = (root: string): AddonLoad => {
  const binary = path.join(root, "build", "Release", "agent_desktop_wayland.node")
  if (!existsSync(binary)) {
    const status = readStatus(path.join(root, "build", "addon-status.json"))
    const missing = status?.missing ?? []
    return {
      _tag: "Unavailable",
      reason: `the Wayland input and capture addon is not built (${status?.reason ?? "it was never built"}); install ${
        missing.length > 0 ? missing.join(" ") : DEFAULT_PACKAGES
      } and run npm rebuild`,
      missing
    }
  }
  try {
    return { _tag: "Loaded", addon: createRequire(import.meta.url)(binary) as WaylandAddon }
  } catch (error) {
    return { _tag: "Unavailable", reason: `the Wayland addon failed to load: ${(error as Error).message}`, missing: [] }
  }
}

const readStatus = (file: string): { missing?: ReadonlyArray<string>; reason?: string } | undefined => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { missing?: ReadonlyArray<string>; reason?: string }
  } catch {
    return undefined
  }
}

/** The `code` of an addon error (WL_*), or undefined for anything else. */
export const addonErrorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" && code.startsWith("WL_") ? code : undefined
}
