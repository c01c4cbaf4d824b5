import Type from "typebox"
import { AVAILABLE_ACTIONS, NATIVE_ID_KINDS, NODE_SOURCES, ROLES, STATES } from "../vocabulary/Accessibility.js"
import { def } from "./def.js"
import { Bounds } from "./Geometry.js"
import { RefId } from "./Ref.js"

export const Role = Type.Enum(ROLES, def("Role"))
export type Role = Type.Static<typeof Role>

export const State = Type.Enum(STATES, def("State"))
export type State = Type.Static<typeof State>

export const AvailableAction = Type.Enum(AVAILABLE_ACTIONS, def("AvailableAction"))

export const NativeId = Type.Object({ kind: Type.Enum(NATIVE_ID_KINDS), value: Type.String() }, def("NativeId"))
export type NativeId = Type.Static<typeof NativeId>

const nodeFields = {
  ref_id: Type.Optional(RefId),
  role: Role,
  name: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  native_id: Type.Optional(NativeId),
  hint: Type.Optional(Type.String()),
  states: Type.Optional(Type.Array(State)),
  available_actions: Type.Optional(Type.Array(AvailableAction)),
  bounds: Type.Optional(Bounds),
  children_count: Type.Optional(Type.Integer({ minimum: 0 }))
}

/** Snapshot node of 2.1: no budget cuts (an exhausted budget was a TIMEOUT error). */
export const SnapshotNodeV2_1 = Type.Cyclic(
  {
    SnapshotNode: Type.Object({
      ...nodeFields,
      children: Type.Optional(Type.Array(Type.Ref("SnapshotNode")))
    })
  },
  "SnapshotNode"
)

/** Snapshot node of 2.2-2.6: a node cut by the budget says so with `subtree_truncated: true`. */
export const SnapshotNodeV2_2 = Type.Cyclic(
  {
    SnapshotNode: Type.Object({
      ...nodeFields,
      subtree_truncated: Type.Optional(Type.Literal(true)),
      children: Type.Optional(Type.Array(Type.Ref("SnapshotNode")))
    })
  },
  "SnapshotNode"
)

/** Where a node came from (2.7): `atspi`, `cdp` (a page's DevTools protocol) or `ocr` (text read from pixels). */
export const NodeSource = Type.Enum(NODE_SOURCES, def("NodeSource"))
export type NodeSource = Type.Static<typeof NodeSource>

const sourcedFields = {
  ...nodeFields,
  subtree_truncated: Type.Optional(Type.Literal(true)),
  /**
   * 2.7: what the node was read from. A tree's root always names it; below the root a node names it only where it
   * differs from its parent's (a page read through `cdp` under a browser window read through `atspi`), so a snapshot
   * of one source pays for it once. Find matches always carry it.
   */
  source: Type.Optional(NodeSource),
  /** 2.7, `ocr` nodes: Tesseract's confidence in the text, 0-100. Their `bounds` are always printed (screen pixels). */
  confidence: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 }))
}

const sourcedDefs = {
  SnapshotNode: Type.Object({ ...sourcedFields, children: Type.Optional(Type.Array(Type.Ref("SnapshotNode"))) }),
  SnapshotRoot: Type.Object({
    ...sourcedFields,
    source: NodeSource,
    children: Type.Optional(Type.Array(Type.Ref("SnapshotNode")))
  })
}

/** A node of a 2.7 snapshot tree below its root: its source is its own `source`, else its parent's. */
export const SnapshotNode = Type.Cyclic(sourcedDefs, "SnapshotNode")
export type SnapshotNode = Type.Static<typeof SnapshotNode>

/** The root of a 2.7 snapshot tree: it always names its source. */
export const SnapshotRoot = Type.Cyclic(sourcedDefs, "SnapshotRoot")
export type SnapshotRoot = Type.Static<typeof SnapshotRoot>

export type AvailableAction = Type.Static<typeof AvailableAction>
export type SnapshotNodeV2_1 = Type.Static<typeof SnapshotNodeV2_1>
export type SnapshotNodeV2_2 = Type.Static<typeof SnapshotNodeV2_2>
