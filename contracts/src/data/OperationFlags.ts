import Type from "typebox"
import { def } from "../schema/def.js"
import { Point } from "../schema/Geometry.js"

/**
 * 2.1-2.4 payloads of the thirteen OperationReport commands: a success flag that is always `true` plus the echoed
 * request. 2.5 removed every flag (a flag that every successful call carried proved nothing).
 */
const xy = { x: Type.Number(), y: Type.Number() }
/** What hover/drag report about focusing the source window; its shape is unconfirmed. */
const focused = { focused: Type.Optional(Type.Unknown()) }

export const MouseClickFlags = Type.Object(
  { clicked: Type.Literal(true), ...xy, count: Type.Integer({ minimum: 1 }) },
  def("MouseClickFlags")
)
export const MouseMoveFlags = Type.Object({ moved: Type.Literal(true), ...xy }, def("MouseMoveFlags"))
export const MouseWheelFlags = Type.Object(
  { scrolled: Type.Literal(true), dy: Type.Number(), dx: Type.Number() },
  def("MouseWheelFlags")
)
export const HoverFlags = Type.Object({ hovered: Type.Literal(true), ...xy, ...focused }, def("HoverFlags"))
export const DragFlags = Type.Object(
  {
    dragged: Type.Literal(true),
    from: Point,
    to: Point,
    drop_delay_ms: Type.Optional(Type.Integer({ minimum: 0 })),
    ...focused
  },
  def("DragFlags")
)
export const ClipboardSetFlags = Type.Object(
  { ok: Type.Literal(true), type: Type.Enum(["text", "image", "file_urls"]) },
  def("ClipboardSetFlags")
)
export const ClipboardClearFlags = Type.Object({ cleared: Type.Literal(true) }, def("ClipboardClearFlags"))
export const CloseAppFlags = Type.Object(
  {
    app: Type.String(),
    method: Type.Enum(["graceful", "force"]),
    requested: Type.Literal(true),
    closed: Type.Optional(Type.Literal(true))
  },
  def("CloseAppFlags")
)
export const MoveWindowFlags = Type.Object({ moved: Type.Literal(true), ...xy }, def("MoveWindowFlags"))
export const ResizeWindowFlags = Type.Object(
  { resized: Type.Literal(true), width: Type.Number(), height: Type.Number() },
  def("ResizeWindowFlags")
)
export const MinimizeFlags = Type.Object({ minimized: Type.Literal(true) }, def("MinimizeFlags"))
export const MaximizeFlags = Type.Object({ maximized: Type.Literal(true) }, def("MaximizeFlags"))
export const RestoreFlags = Type.Object({ restored: Type.Literal(true) }, def("RestoreFlags"))

export type MouseClickFlags = Type.Static<typeof MouseClickFlags>
export type MouseMoveFlags = Type.Static<typeof MouseMoveFlags>
export type MouseWheelFlags = Type.Static<typeof MouseWheelFlags>
export type HoverFlags = Type.Static<typeof HoverFlags>
export type DragFlags = Type.Static<typeof DragFlags>
export type ClipboardSetFlags = Type.Static<typeof ClipboardSetFlags>
export type ClipboardClearFlags = Type.Static<typeof ClipboardClearFlags>
export type CloseAppFlags = Type.Static<typeof CloseAppFlags>
export type MoveWindowFlags = Type.Static<typeof MoveWindowFlags>
export type ResizeWindowFlags = Type.Static<typeof ResizeWindowFlags>
export type MinimizeFlags = Type.Static<typeof MinimizeFlags>
export type MaximizeFlags = Type.Static<typeof MaximizeFlags>
export type RestoreFlags = Type.Static<typeof RestoreFlags>
