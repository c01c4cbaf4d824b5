import Type from "typebox"
import { def } from "../schema/def.js"
import { Bounds } from "../schema/Geometry.js"
import { RefId } from "../schema/Ref.js"
import { Surface } from "../schema/ActionParts.js"

/** `get REF --property P`: the value's type follows the property (text/value/title/role: string, bounds, states). */
export const GetData = Type.Object({
  property: Type.Enum(["text", "value", "title", "bounds", "role", "states"]),
  ref: RefId,
  value: Type.Unknown()
})
export type GetData = Type.Static<typeof GetData>

export const IsData = Type.Object({
  property: Type.Enum(["visible", "enabled", "checked", "focused", "expanded"]),
  ref: RefId,
  result: Type.Boolean(),
  applicable: Type.Boolean()
})
export type IsData = Type.Static<typeof IsData>

const image = { format: Type.String(), width: Type.Integer(), height: Type.Integer(), scale_factor: Type.Number() }

/** Inline base64 (`data`) or a written file (`path`). */
export const ScreenshotData = Type.Union([
  Type.Object({ data: Type.String({ contentEncoding: "base64" }), ...image }),
  Type.Object({ path: Type.String(), ...image })
])
export type ScreenshotData = Type.Static<typeof ScreenshotData>

export const ListSurfacesData = Type.Object({ pid: Type.Integer({ minimum: 0 }), surfaces: Type.Array(Surface) })
export type ListSurfacesData = Type.Static<typeof ListSurfacesData>

export const DisplayInfo = Type.Object(
  {
    id: Type.Union([Type.Integer(), Type.String()]),
    bounds: Bounds,
    is_primary: Type.Boolean(),
    scale: Type.Number()
  },
  def("DisplayInfo")
)
/** `list-displays` prints a bare array, primary first. */
export const ListDisplaysData = Type.Array(DisplayInfo)
export type ListDisplaysData = Type.Static<typeof ListDisplaysData>

export type DisplayInfo = Type.Static<typeof DisplayInfo>
