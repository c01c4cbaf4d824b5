/**
 * The channels of the display-server layer the engine's commands use (`DesktopAdapterShape.native`): pointer input,
 * capture, displays, the window manager and the clipboard. Each channel is its own interface so a backend
 * implements it in a module of its own; `NativeDesktopShape` is all of them, flat, as the engine calls them.
 * Coordinates are global screen pixels. `DisplayServer.ts` holds the service that adds what the accessibility
 * layer itself asks of the display server.
 */
import type * as Effect from "effect/Effect"
import type { PlatformError } from "./PlatformError.js"
import type { Bounds } from "./TreeModel.js"

export type MouseButton = "left" | "right" | "middle"
export type InputModifier = "ctrl" | "alt" | "shift" | "cmd"

export interface ScreenPoint {
  readonly x: number
  readonly y: number
}

export interface DisplayDescription {
  readonly id: string
  readonly bounds: Bounds
  readonly isPrimary: boolean
  readonly scale: number
}

export interface CapturedImage {
  readonly png: Uint8Array
  readonly width: number
  readonly height: number
  readonly scaleFactor: number
}

/** Where the pointer is and which top-level window is under it (a platform window id, 0 = none). */
export interface PointerState extends ScreenPoint {
  readonly windowUnder: number
}

/** A top-level window as the window manager sees it. `bounds` = its frame (decorations included), as AT-SPI reports it. */
export interface ManagedWindow {
  readonly nativeId: number
  readonly title: string
  readonly pid?: number
  readonly bounds: Bounds
  /** The client area (the app's own pixels, without the window manager's decorations), where known. */
  readonly client?: Bounds
  readonly minimized: boolean
  readonly maximized: boolean
  readonly focused: boolean
}

/** How to find the window-manager window of an accessibility window. */
export interface WindowHint {
  readonly pid: number
  readonly title: string
  readonly bounds?: Bounds
}

export type WindowOperation =
  | { readonly kind: "focus" }
  | { readonly kind: "move"; readonly x: number; readonly y: number }
  | { readonly kind: "resize"; readonly width: number; readonly height: number }
  | { readonly kind: "minimize" }
  | { readonly kind: "maximize" }
  | { readonly kind: "restore" }
  | { readonly kind: "close" }

/** Clipboard content: text, a PNG image, or files (absolute paths). */
export type ClipboardContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly png: Uint8Array }
  | { readonly type: "file_urls"; readonly paths: ReadonlyArray<string> }

export type ClipboardFormat = "text" | "image" | "file_urls" | "auto"

/** Synthetic pointer input. Every press is released, whatever fails after it. */
export interface PointerInput {
  readonly pointer: () => Effect.Effect<PointerState, PlatformError>
  readonly moveTo: (point: ScreenPoint) => Effect.Effect<void, PlatformError>
  /** Press and release `button` `count` times at `point`, holding `modifiers` throughout. */
  readonly click: (
    point: ScreenPoint,
    options: { readonly button: MouseButton; readonly count: number; readonly modifiers: ReadonlyArray<InputModifier> }
  ) => Effect.Effect<void, PlatformError>
  /** Wheel notches at `point`: `dy` > 0 scrolls up, `dx` > 0 scrolls left (the reference's signs). */
  readonly wheel: (
    point: ScreenPoint,
    options: { readonly dx: number; readonly dy: number; readonly modifiers: ReadonlyArray<InputModifier> }
  ) => Effect.Effect<void, PlatformError>
  /**
   * Press the left button at `from`, move to `to` in steps over `durationMs`, wait `dropDelayMs` over the target
   * (drop targets need motion there first), release. The button is released even when a step fails.
   */
  readonly drag: (
    from: ScreenPoint,
    to: ScreenPoint,
    options: { readonly durationMs: number; readonly dropDelayMs: number }
  ) => Effect.Effect<void, PlatformError>
}

export interface ScreenCapture {
  /** A PNG of a screen region (the whole screen when absent). */
  readonly capture: (region?: Bounds) => Effect.Effect<CapturedImage, PlatformError>
}

export interface DisplayList {
  /** The monitors, primary first; ids are what `screenshot --screen N` takes. */
  readonly displays: () => Effect.Effect<ReadonlyArray<DisplayDescription>, PlatformError>
}

/** Top-level windows as the window manager (X11) or compositor (Wayland) sees them, with their frame geometry. */
export interface WindowManager {
  readonly findWindow: (hint: WindowHint) => Effect.Effect<ManagedWindow, PlatformError>
  /** The topmost managed window whose frame contains the point (undefined: none, the desktop). */
  readonly topWindowAt: (point: ScreenPoint) => Effect.Effect<number | undefined, PlatformError>
  readonly readWindow: (nativeId: number) => Effect.Effect<ManagedWindow, PlatformError>
  /**
   * Every mapped top-level client window (X11: `_NET_CLIENT_LIST`), with or without an accessibility tree: the
   * windows of apps that never registered with the accessibility bus (Tk, a GTK 2 app without its module) are found
   * only here.
   */
  readonly listWindows: () => Effect.Effect<ReadonlyArray<ManagedWindow>, PlatformError>
  /** Ask the window manager; the caller reads the window back to know what happened. */
  readonly operateWindow: (nativeId: number, operation: WindowOperation) => Effect.Effect<void, PlatformError>
}

export interface ClipboardAccess {
  /** What the clipboard holds in `format` (auto: image, then files, then text); undefined when it holds none. */
  readonly clipboardRead: (format: ClipboardFormat) => Effect.Effect<ClipboardContent | undefined, PlatformError>
  /** Own the clipboard with `content` (a detached owner process on X11); resolves once it is the owner. */
  readonly clipboardWrite: (content: ClipboardContent) => Effect.Effect<{ readonly ownerPid: number }, PlatformError>
  readonly clipboardClear: () => Effect.Effect<void, PlatformError>
}

/** Every channel the engine's native commands use, flat (`DesktopAdapterShape.native`). */
export interface NativeDesktopShape extends PointerInput, ScreenCapture, DisplayList, WindowManager, ClipboardAccess {}
