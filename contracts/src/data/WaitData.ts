import Type from "typebox"
import { RefId, SnapshotId } from "../schema/Ref.js"
import { NotificationInfo } from "./NotificationData.js"
import { WatchEvent } from "./WatchData.js"
import { WindowInfo } from "./WindowInfo.js"

const elapsed_ms = Type.Integer({ minimum: 0 })

export const WaitEvent = Type.Object({
  kind: Type.Enum([
    "window-opened",
    "window-closed",
    "app-launched",
    "app-terminated",
    "focus-changed",
    "surface-appeared",
    "surface-dismissed"
  ]),
  window_id: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  app: Type.Optional(Type.String()),
  pid: Type.Optional(Type.Integer({ minimum: 0 }))
})

/** `wait`, one shape per mode: sleep, element, window, text, menu, notification, event. */
const waitShapes = [
  Type.Object({ waited_ms: Type.Integer({ minimum: 0 }) }),
  Type.Object({
    found: Type.Literal(true),
    ref: RefId,
    predicate: Type.Enum(["exists", "enabled", "visible", "actionable", "value"]),
    observed: Type.Unknown(),
    elapsed_ms
  }),
  Type.Object({ found: Type.Literal(true), window: WindowInfo, elapsed_ms }),
  Type.Object({
    found: Type.Literal(true),
    text: Type.String(),
    ref: Type.Optional(RefId),
    role: Type.Optional(Type.String()),
    snapshot_id: SnapshotId,
    elapsed_ms,
    count: Type.Optional(Type.Integer({ minimum: 0 }))
  }),
  Type.Object({ found: Type.Literal(true), elapsed_ms }),
  Type.Object({
    condition: Type.Literal("notification"),
    matched: Type.Literal(true),
    notification: NotificationInfo,
    elapsed_ms
  }),
  Type.Object({ found: Type.Literal(true), event: WaitEvent, elapsed_ms })
] as const
export const WaitData = Type.Union([...waitShapes])
export type WaitData = Type.Static<typeof WaitData>

/** 2.7: `wait --event changed` answers with the watch's `changed` event (a window's diff, refs included). */
export const WaitDataV2_7 = Type.Union([
  ...waitShapes,
  Type.Object({ found: Type.Literal(true), event: WatchEvent, elapsed_ms })
])
export type WaitDataV2_7 = Type.Static<typeof WaitDataV2_7>

export type WaitEvent = Type.Static<typeof WaitEvent>
