import Type, { type TSchema } from "typebox"
import { def } from "../schema/def.js"
import { SnapshotData } from "./SnapshotData.js"

/** What a `watch` reports (2.7), also `wait --event changed`. */
export const WATCH_EVENT_KINDS = [
  "window-opened", "window-closed", "app-launched", "app-terminated", "focus-changed", "surface-appeared", "surface-dismissed",
  "changed", "events-dropped"
] as const

export const SURFACE_TYPES = ["window", "dialog", "alert", "menu", "tooltip"] as const

export const WATCH_ENDS = ["timeout", "count", "window_closed", "app_terminated"] as const

const app = { app: Type.String(), pid: Type.Integer({ minimum: 0 }) }

/**
 * One event of a watch, over the contract version's snapshot data (a new window's snapshot; a changed window's
 * snapshot, a diff or whole).
 */
export const watchEventOf = <S extends TSchema>(snapshot: S) =>
  Type.Union(
    [
      Type.Object({
        kind: Type.Enum(["window-opened", "surface-appeared"]),
        ...app,
        window_id: Type.String(),
        title: Type.String(),
        surface: Type.Optional(Type.Enum(SURFACE_TYPES)),
        /** The new window's snapshot, saved: its refs work at once. */
        snapshot: Type.Optional(snapshot)
      }),
      Type.Object({
        kind: Type.Enum(["window-closed", "surface-dismissed", "focus-changed"]),
        ...app,
        window_id: Type.Optional(Type.String()),
        title: Type.Optional(Type.String())
      }),
      Type.Object({ kind: Type.Enum(["app-launched", "app-terminated"]), ...app }),
      /** A watched window's contents changed: its snapshot as a diff against the watch's last look, or whole. */
      Type.Object({ kind: Type.Literal("changed"), ...app, window_id: Type.String(), snapshot }),
      /** Desktop events came faster than the watch could keep them: this many were dropped, oldest first. */
      Type.Object({ kind: Type.Literal("events-dropped"), count: Type.Integer({ minimum: 1 }) })
    ],
    def("WatchEvent")
  )

/**
 * `watch`: one envelope per event while it runs (`{event}`), and a last one that says why it ended; that one carries
 * the events when nothing printed them as they came (an MCP call, a batch).
 */
export const watchDataOf = <E extends TSchema>(event: E) =>
  Type.Union(
    [
      Type.Object({ event }),
      Type.Object({ ended: Type.Enum(WATCH_ENDS), event_count: Type.Integer({ minimum: 0 }), events: Type.Optional(Type.Array(event)) })
    ],
    def("WatchData")
  )

/** 2.7's watch event and data, over 2.7's snapshot data. */
export const WatchEvent = watchEventOf(SnapshotData)
export type WatchEvent = Type.Static<typeof WatchEvent>
export const WatchData = watchDataOf(WatchEvent)
export type WatchData = Type.Static<typeof WatchData>
