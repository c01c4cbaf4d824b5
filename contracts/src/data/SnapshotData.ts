import Type from "typebox"
import { def } from "../schema/def.js"
import { AfterAction } from "./WaitForResult.js"
import { SnapshotId } from "../schema/Ref.js"
import { SnapshotNodeV2_1, SnapshotNodeV2_2, SnapshotRoot } from "../schema/SnapshotNode.js"
import { TreeAvailability } from "./TreeAvailability.js"

export const SnapshotWindow = Type.Object({ id: Type.String(), title: Type.String() }, def("SnapshotWindow"))

/** Present when `snapshot --wait-for` polled for a selector. */
const waitForFields = {
  elapsed_ms: Type.Optional(Type.Integer({ minimum: 0 })),
  matched_selector: Type.Optional(Type.String()),
  after_action: Type.Optional(AfterAction)
}

const base = {
  app: Type.String(),
  window: Type.Optional(SnapshotWindow),
  snapshot_id: SnapshotId,
  ref_count: Type.Integer({ minimum: 0 }),
  ...waitForFields
}

/** 2.1: a snapshot either completed or failed with TIMEOUT; there is no `complete` field. */
export const SnapshotDataV2_1 = Type.Object(
  { ...base, tree: Type.Optional(SnapshotNodeV2_1) },
  def("SnapshotData")
)

const identity = { identity_unproven: Type.Optional(Type.Boolean()) }

/**
 * 2.2-2.5: `complete` always; an exhausted budget is a success with `complete: false`, `truncated: true` and
 * `nodes_observed`, the cut nodes marked `subtree_truncated`.
 */
export const SnapshotDataV2_2 = Type.Union(
  [
    Type.Object({ ...base, complete: Type.Literal(true), tree: Type.Optional(SnapshotNodeV2_2) }),
    Type.Object({
      ...base,
      complete: Type.Literal(false),
      truncated: Type.Literal(true),
      nodes_observed: Type.Integer({ minimum: 0 }),
      tree: Type.Optional(SnapshotNodeV2_2)
    })
  ],
  def("SnapshotData")
)

/** 2.6: adds `identity_unproven` (the full-window read proving ref uniqueness did not finish). */
export const SnapshotDataV2_6 = Type.Union(
  [
    Type.Object({ ...base, ...identity, complete: Type.Literal(true), tree: Type.Optional(SnapshotNodeV2_2) }),
    Type.Object({
      ...base,
      ...identity,
      complete: Type.Literal(false),
      truncated: Type.Literal(true),
      nodes_observed: Type.Integer({ minimum: 0 }),
      tree: Type.Optional(SnapshotNodeV2_2)
    })
  ],
  def("SnapshotData")
)

/**
 * 2.7: the tree's nodes say where they came from (`source`; the root always does), OCR nodes their confidence; a
 * window without a usable accessibility tree says so in `accessibility` (and which sources served the snapshot).
 */
const sourced = { accessibility: Type.Optional(TreeAvailability) }

export const SnapshotData = Type.Union(
  [
    Type.Object({ ...base, ...identity, ...sourced, complete: Type.Literal(true), tree: Type.Optional(SnapshotRoot) }),
    Type.Object({
      ...base,
      ...identity,
      ...sourced,
      complete: Type.Literal(false),
      truncated: Type.Literal(true),
      nodes_observed: Type.Integer({ minimum: 0 }),
      tree: Type.Optional(SnapshotRoot)
    })
  ],
  def("SnapshotData")
)
export type SnapshotData = Type.Static<typeof SnapshotData>

export type SnapshotWindow = Type.Static<typeof SnapshotWindow>
export type SnapshotDataV2_1 = Type.Static<typeof SnapshotDataV2_1>
export type SnapshotDataV2_2 = Type.Static<typeof SnapshotDataV2_2>
export type SnapshotDataV2_6 = Type.Static<typeof SnapshotDataV2_6>
