/**
 * The display-server layer: everything below the accessibility API — synthetic input, capture, the window
 * manager's view of windows, displays, the clipboard — behind one service, so the accessibility adapter and the
 * engine never name X11 or a compositor. A backend is one implementation of `DisplayServerShape` for one kind of
 * session (X11 today: libs/platform-linux-x11); the adapter picks the one whose `serves` accepts the probed session
 * (`DisplaySession.ts`) and reports it, with each channel's capability, in `status`. docs/architecture.md says how to
 * add one.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { DisplaySession } from "./DisplaySession.js"
import type { InputModifier, NativeDesktopShape, ScreenPoint } from "./NativeDesktop.js"
import type { PlatformError } from "./PlatformError.js"
import type { Bounds } from "./TreeModel.js"

/** Which process's window has the keyboard focus (where synthetic keys go), as far as it can be told. */
export type KeyboardFocus =
  | { readonly kind: "unknown" }
  /** No client window has it (X11: the root, PointerRoot or None), or its owner names no pid. */
  | { readonly kind: "none" }
  | { readonly kind: "pid"; readonly pid: number }

/** What the adapter knows of a toplevel window when it asks where the window's AT-SPI extents sit on the screen. */
export interface PlacementQuery {
  readonly title: string
  /** The app's process (Wayland compositors name a window's client by pid). */
  readonly pid?: number
  /** The window's own AT-SPI extents: on Wayland its size at (0, 0), which tells a centred frame's offset. */
  readonly extents?: Bounds
  /** The toolkit's profile says its extents are window-relative even on X11 (GTK 4.8). */
  readonly windowRelative: boolean
  /**
   * What the toolkit's window-relative extents count from, where it is known: its `surface` (the buffer's top-left,
   * client-side shadows included: GTK 3, Qt 5) or its `frame` (the xdg window geometry: GTK 4). Undefined: not
   * measured for this toolkit, so a Wayland backend cannot place it.
   */
  readonly origin?: "surface" | "frame"
}

/**
 * How a window's AT-SPI extents map onto the screen: as they are (`screen`: X11, XWayland clients), offset by the
 * window's origin (`window`: GTK 4.8 on X11, every native Wayland client), or not at all (`unknown`: the reason, e.g.
 * a compositor that tells no client where windows are). An unknown placement means no global bounds: pointer actions
 * by ref are refused with the reason. `frame` is the window's frame on the screen (decorations included) where a
 * compositor knows it: what list-windows reports as the window's bounds, as a window manager's frame is on X11.
 */
export type ExtentsPlacement =
  | { readonly kind: "screen"; readonly frame?: Bounds }
  | { readonly kind: "window"; readonly origin: ScreenPoint; readonly frame?: Bounds }
  | { readonly kind: "unknown"; readonly reason: string }

/**
 * What the accessibility layer itself asks of the display server: where keys go, giving a window the keyboard
 * focus, where a window sits on the screen (toolkits whose AT-SPI extents are window-relative), and which
 * processes own windows (to name apps that show windows but no accessibility tree). None of these fail: what
 * cannot be told is `unknown`/`undefined`/`false`, and the caller acts as it would without the answer.
 */
export interface SessionWindows {
  readonly keyboardFocus: (timeoutMs: number) => Effect.Effect<KeyboardFocus>
  /** An opaque id of `pid`'s window titled `title` (else its only visible window); undefined when none is told apart. */
  readonly windowOfProcess: (pid: number, title: string, timeoutMs: number) => Effect.Effect<string | undefined>
  /** Ask for the keyboard focus on a window `windowOfProcess` named; false when every way to ask failed. */
  readonly focusWindow: (window: string, timeoutMs: number) => Effect.Effect<boolean>
  /** Where the window's AT-SPI extents sit on the screen (see `ExtentsPlacement`). */
  readonly extentsPlacement: (window: PlacementQuery, timeoutMs: number) => Effect.Effect<ExtentsPlacement>
  /** The pids and titles of visible client windows; undefined when they cannot be listed here. */
  readonly windowOwners: () => Effect.Effect<ReadonlyArray<{ readonly pid: number; readonly title: string }> | undefined>
  /**
   * The window the window manager calls active (where a person's keys go; a modal dialog over its parent), as its
   * owner's pid and its title; without a window manager, the window holding the keyboard focus. Undefined when it
   * cannot be told (no display, no tool, a window that names no pid).
   */
  readonly activeWindow: (timeoutMs: number) => Effect.Effect<ActiveWindow | undefined>
  /**
   * The transient windows `pid` shows now (menus, popovers, drop-downs, tooltips), with their screen rectangles;
   * undefined when they cannot be listed here.
   */
  readonly popupWindows: (pid: number, timeoutMs: number) => Effect.Effect<ReadonlyArray<PopupWindow> | undefined>
}

/** A transient window on the screen; `type` is the window manager's type where the window names one ("menu"). */
export interface PopupWindow {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly type?: string
}

export interface ActiveWindow {
  readonly pid: number
  readonly title: string
}

/**
 * Keys and text injected by the backend itself. On X11 the Linux adapter sends single keys through AT-SPI's device
 * event controller (the registry injects them with XTEST) and uses the X11 backend's channel only to type text the
 * controller would type wrong (a keysym the layout lacks); a backend for a session where that controller cannot reach
 * the apps (Wayland) carries every key, and then the adapter's own pointer fallbacks (a click at an element's
 * centre) go through the backend's pointer channel too. A key or text
 * refused before anything was sent (an unknown key name, a character the session's layout cannot type) fails with
 * `steps: []`.
 */
export interface KeyboardInput {
  /** The mechanism, as delivery steps name it (`zwp_virtual_keyboard_v1`). */
  readonly label: string
  /** One key (an X keysym name such as `Return` or `minus`, or one character) with modifiers held around it. */
  readonly pressKey: (key: string, modifiers: ReadonlyArray<InputModifier>) => Effect.Effect<void, PlatformError>
  /** Text as the keyboard would type it, in the session's layout. */
  readonly typeText: (text: string) => Effect.Effect<void, PlatformError>
}

export type DisplayChannel = "pointer" | "keyboard" | "capture" | "windows" | "displays" | "clipboard" | "notifications"

/**
 * What one channel can do here: the mechanism it uses, or why it cannot work and (`kind`) the refusal it answers.
 * `grant` says whether the channel works because the user granted it (a KDE `.desktop` authorization, a portal
 * permission) or needs no grant at all; `suggestion` says how a user gets an unavailable channel (what to install or
 * grant), where anything can. `permissions` reports screen capture and input from these.
 */
export type ChannelCapability =
  | { readonly state: "available"; readonly via: string; readonly grant?: "granted" | "not_required"; readonly consent?: ChannelConsent }
  | { readonly state: "unavailable"; readonly reason: string; readonly kind?: string; readonly suggestion?: string; readonly consent?: ChannelConsent }

/**
 * A consent the user gives once through the desktop (GNOME's ScreenCast portal dialog) and that agent-desktop keeps
 * as a file: whether it was given, where it is kept, and how to give or revoke it (what `status` prints).
 */
export interface ChannelConsent {
  readonly given: boolean
  /** The file holding it (e.g. the portal's restore token under the state root). */
  readonly kept_in: string
  readonly give: string
  readonly revoke: string
}

export type DisplayCapabilities = Readonly<Record<DisplayChannel, ChannelCapability>>

export interface DisplayServerShape extends NativeDesktopShape, SessionWindows {
  /** The backend's id (`x11`; `none` when no backend serves the session and every channel refuses, saying why). */
  readonly backend: string
  /**
   * Opens what the channels need (a connection, native code) and fails with PLATFORM_NOT_SUPPORTED, before
   * anything is sent, when they cannot work here. The channels open lazily by themselves; the engine's native
   * facet asks this first so a refusal precedes any other work. `SessionWindows` never needs it.
   */
  readonly ready: () => Effect.Effect<void, PlatformError>
  /** Each channel's capability in this session, without opening a connection (for `status`). */
  readonly capabilities: () => Effect.Effect<DisplayCapabilities>
  readonly keyboard?: KeyboardInput
}

/** One display-server backend: which sessions it serves and its service. */
export interface DisplayServerBackend {
  readonly id: string
  /** From the probed session alone (no I/O): whether this backend drives it. */
  readonly serves: (session: DisplaySession) => boolean
  /** The service; building it opens nothing (channels connect on first use). */
  readonly server: () => DisplayServerShape
}

export class DisplayServer extends Context.Service<DisplayServer, DisplayServerShape>()(
  "@agent-desktop/platform/DisplayServer"
) {}
