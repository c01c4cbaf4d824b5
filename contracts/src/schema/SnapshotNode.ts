import Type from "typebox"
import { AVAILABLE_ACTIONS, NATIVE_ID_KINDS, ROLES, STATES } from "../vocabulary/Accessibility.js"
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

/** Snapshot node from 2.2 on: a node cut by the budget says so with `subtree_truncated: true`. */
export const SnapshotNode = Type.Cyclic(
  {
    SnapshotNode: Type.Object({
      ...nodeFields,
      subtree_truncated: Type.Optional(Type.Literal(true)),
      children: Type.Optional(Type.Array(Type.Ref("SnapshotNode")))
    })
  },
  "SnapshotNode"
)
export type SnapshotNode = Type.Static<typeof SnapshotNode>

export type AvailableAction = Type.Static<typeof AvailableAction>
export type SnapshotNodeV2_1 = Type.Static<typeof SnapshotNodeV2_1>
