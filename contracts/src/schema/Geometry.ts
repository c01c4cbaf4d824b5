import Type from "typebox"
import { def } from "./def.js"

export const Point = Type.Object({ x: Type.Number(), y: Type.Number() }, def("Point"))
export type Point = Type.Static<typeof Point>

export const Bounds = Type.Object(
  { x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() },
  def("Bounds")
)
export type Bounds = Type.Static<typeof Bounds>
