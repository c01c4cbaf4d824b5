/**
 * What a watch reports (runWatch.ts): the contract's watch event (2.7), read-only as handlers build it: the desktop
 * events of the watched app, `changed` with a window's diff, and `events-dropped` when desktop events came faster than
 * the watch could keep them.
 */
import type { ContractData } from "../ContractData.js"

type WatchData = ContractData<"watch">

export type WatchEvent = Extract<WatchData, { readonly event: unknown }>["event"]
export type WatchEventKind = WatchEvent["kind"]
export type WatchEnd = Extract<WatchData, { readonly ended: unknown }>["ended"]
export type SurfaceType = NonNullable<Extract<WatchEvent, { readonly kind: "window-opened" | "surface-appeared" }>["surface"]>
/** A snapshot's data as a watch event carries it. */
export type SnapshotOutput = ContractData<"snapshot">

export const WATCH_EVENT_KINDS: ReadonlyArray<WatchEventKind> = [
  "window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed",
  "changed", "events-dropped"
]
