import Type from "typebox"
import { def } from "../schema/def.js"
import { Bounds } from "../schema/Geometry.js"
import { TreeAvailability } from "./TreeAvailability.js"

/** A top-level window. Linux ids look like `w-1.11-org-gnome-Calculator-a11y-<uuid>`. */
export const WindowInfo = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    app_name: Type.String(),
    pid: Type.Integer({ minimum: 0 }),
    process_instance: Type.Optional(Type.String()),
    bounds: Type.Optional(Bounds),
    is_focused: Type.Boolean(),
    minimized: Type.Optional(Type.Boolean()),
    visible: Type.Optional(Type.Boolean())
  },
  def("WindowInfo")
)
export type WindowInfo = Type.Static<typeof WindowInfo>

/** `list-windows` prints a bare array (2.1-2.6). */
export const ListWindowsDataV2_1 = Type.Array(WindowInfo)

/** 2.7: a listed window without a usable accessibility tree says so, and what can still serve it. */
export const ListedWindow = Type.Object(
  { ...WindowInfo.properties, accessibility: Type.Optional(TreeAvailability) },
  def("ListedWindow")
)
export type ListedWindow = Type.Static<typeof ListedWindow>
export const ListWindowsData = Type.Array(ListedWindow)
export type ListWindowsData = Type.Static<typeof ListWindowsData>

export const FocusWindowData = Type.Object({ focused: WindowInfo })
export type FocusWindowData = Type.Static<typeof FocusWindowData>
