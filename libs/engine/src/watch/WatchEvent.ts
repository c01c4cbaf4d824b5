/**
 * What a watch reports (runWatch.ts): the desktop events of the watched app, `changed` with a window's diff, and
 * `events-dropped` when desktop events came faster than the watch could keep them. The contract's WatchEvent.
 */
import type { DesktopEventKind } from "@agent-desktop/platform"

export type SurfaceType = "window" | "dialog" | "alert" | "menu" | "tooltip"

export type WatchEvent =
  | {
    readonly kind: "window-opened" | "surface-appeared"
    readonly app: string
    readonly pid: number
    readonly window_id: string
    readonly title: string
    readonly surface?: SurfaceType
    /** The new window's snapshot (saved: its refs work at once). */
    readonly snapshot?: Readonly<Record<string, unknown>>
  }
  | { readonly kind: "window-closed" | "surface-dismissed" | "focus-changed"; readonly app: string; readonly pid: number; readonly window_id?: string; readonly title?: string }
  | { readonly kind: "app-launched" | "app-terminated"; readonly app: string; readonly pid: number }
  /** A watched window's contents changed: its snapshot as a diff against the watch's last look (or whole). */
  | { readonly kind: "changed"; readonly app: string; readonly pid: number; readonly window_id: string; readonly snapshot: Readonly<Record<string, unknown>> }
  | { readonly kind: "events-dropped"; readonly count: number }

export type WatchEventKind = WatchEvent["kind"]

export const WATCH_EVENT_KINDS: ReadonlyArray<WatchEventKind> = [
  "window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed",
  "changed", "events-dropped"
] satisfies ReadonlyArray<DesktopEventKind | "changed" | "events-dropped">

/** Why a watch ended. */
export type WatchEnd = "timeout" | "count" | "window_closed" | "app_terminated"
