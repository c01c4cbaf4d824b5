import Type, { type TSchema } from "typebox"
import { def } from "../schema/def.js"
import { Point } from "../schema/Geometry.js"
import { actionResultFields } from "./ActionResult.js"
import { AppTarget, ClipboardTarget, DragTarget, OperationTarget, PointerTarget, WindowTarget } from "./OperationTarget.js"

/**
 * 2.5+: the adapter's report for the thirteen OperationReport commands: the ActionResult fields plus a `target`,
 * then the command's echoed request fields (which never overwrite report fields). There are no success flags.
 */
export const OperationReport = Type.Object(
  { ...actionResultFields, target: OperationTarget },
  def("OperationReport", { additionalProperties: true })
)
export type OperationReport = Type.Static<typeof OperationReport>

const report = <T extends TSchema, E extends Record<string, TSchema>>(name: string, target: T, echoed: E) =>
  Type.Object({ ...actionResultFields, target, ...echoed }, def(name))

const xy = { x: Type.Number(), y: Type.Number() }

export const MouseClickReport = report("MouseClickReport", PointerTarget, {
  ...xy,
  count: Type.Integer({ minimum: 1 }),
  button: Type.Optional(Type.Enum(["left", "right", "middle"]))
})
export const MouseMoveReport = report("MouseMoveReport", PointerTarget, xy)
export const MouseWheelReport = report("MouseWheelReport", PointerTarget, {
  x: Type.Optional(Type.Number()),
  y: Type.Optional(Type.Number()),
  dy: Type.Number(),
  dx: Type.Number()
})
/** A hover on a ref has no request coordinates; the resolved point is in `target.point`. */
export const HoverReport = report("HoverReport", PointerTarget, {
  x: Type.Optional(Type.Number()),
  y: Type.Optional(Type.Number())
})
export const DragReport = report("DragReport", DragTarget, {
  from: Point,
  to: Point,
  drop_delay_ms: Type.Optional(Type.Integer({ minimum: 0 }))
})
export const ClipboardSetReport = report("ClipboardSetReport", ClipboardTarget, {
  type: Type.Enum(["text", "image", "file_urls"])
})
export const ClipboardClearReport = report("ClipboardClearReport", ClipboardTarget, {})
export const CloseAppReport = report("CloseAppReport", AppTarget, {
  app: Type.String(),
  method: Type.Enum(["graceful", "force"])
})
export const MoveWindowReport = report("MoveWindowReport", WindowTarget, xy)
export const ResizeWindowReport = report("ResizeWindowReport", WindowTarget, {
  width: Type.Number(),
  height: Type.Number()
})
export const WindowStateReport = report("WindowStateReport", WindowTarget, {})

export type MouseClickReport = Type.Static<typeof MouseClickReport>
export type MouseMoveReport = Type.Static<typeof MouseMoveReport>
export type MouseWheelReport = Type.Static<typeof MouseWheelReport>
export type HoverReport = Type.Static<typeof HoverReport>
export type DragReport = Type.Static<typeof DragReport>
export type ClipboardSetReport = Type.Static<typeof ClipboardSetReport>
export type ClipboardClearReport = Type.Static<typeof ClipboardClearReport>
export type CloseAppReport = Type.Static<typeof CloseAppReport>
export type MoveWindowReport = Type.Static<typeof MoveWindowReport>
export type ResizeWindowReport = Type.Static<typeof ResizeWindowReport>
export type WindowStateReport = Type.Static<typeof WindowStateReport>
