/**
 * Desktop events as they happen (windows opening and closing, apps starting and ending, focus moving), for
 * `wait --event`: a platform that hears them from the desktop offers `DesktopAdapterShape.watchDesktop`.
 */
import type * as Effect from "effect/Effect"
import type { PlatformError } from "./PlatformError.js"

export type DesktopEventKind =
  | "window-opened"
  | "window-closed"
  | "app-launched"
  | "app-terminated"
  | "focus-changed"
  | "surface-appeared"
  | "surface-dismissed"

/** Window events carry the window; app events only the app. */
export interface DesktopEvent {
  readonly kind: DesktopEventKind
  readonly app: string
  readonly pid: number
  readonly window_id?: string
  readonly title?: string
}

export interface DesktopWatch {
  /**
   * The next event since the watch began, in order; undefined at the deadline (epoch ms), or at once when the watch
   * is no longer healthy.
   */
  readonly next: (deadline: number) => Effect.Effect<DesktopEvent | undefined, PlatformError>
  /** False once events may have been lost (the bus closed): the caller must look at the desktop itself. */
  readonly healthy: () => boolean
  /** Ends the subscription. */
  readonly close: () => Effect.Effect<void>
}
