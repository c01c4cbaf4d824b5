import Type from "typebox"
import { def } from "../schema/def.js"
import { Point } from "../schema/Geometry.js"

/** The process an adapter validated; `process_instance` is an opaque generation token. */
export const TargetProcess = Type.Object(
  { pid: Type.Integer({ minimum: 0 }), process_instance: Type.Optional(Type.String()) },
  def("TargetProcess")
)

export const WindowTarget = Type.Object(
  { kind: Type.Literal("window"), id: Type.String(), title: Type.String(), process: Type.Optional(TargetProcess) },
  def("WindowTarget")
)
export const AppTarget = Type.Object(
  { kind: Type.Literal("app"), name: Type.String(), process: Type.Optional(TargetProcess) },
  def("AppTarget")
)
/** The coordinate the input was dispatched to; it does not prove which application received it. */
export const PointerTarget = Type.Object({ kind: Type.Literal("pointer"), point: Point }, def("PointerTarget"))
export const DragTarget = Type.Object({ kind: Type.Literal("drag"), from: Point, to: Point }, def("DragTarget"))
export const ClipboardTarget = Type.Object({ kind: Type.Literal("clipboard") }, def("ClipboardTarget"))

export const OperationTarget = Type.Union([WindowTarget, AppTarget, PointerTarget, DragTarget, ClipboardTarget])
export type OperationTarget = Type.Static<typeof OperationTarget>

export type TargetProcess = Type.Static<typeof TargetProcess>
export type WindowTarget = Type.Static<typeof WindowTarget>
export type AppTarget = Type.Static<typeof AppTarget>
export type PointerTarget = Type.Static<typeof PointerTarget>
export type DragTarget = Type.Static<typeof DragTarget>
export type ClipboardTarget = Type.Static<typeof ClipboardTarget>
