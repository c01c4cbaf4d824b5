import Type from "typebox"
import { def } from "../schema/def.js"
import { Bounds } from "../schema/Geometry.js"
import { RefId, SnapshotId } from "../schema/Ref.js"
import { NodeSource, Role, State } from "../schema/SnapshotNode.js"

const matchFields = {
  ref_id: Type.Union([RefId, Type.Null()]),
  role: Role,
  value: Type.Union([Type.String(), Type.Null()]),
  states: Type.Array(State),
  interactive: Type.Boolean(),
  path: Type.Array(Type.String())
}

/** 2.1-2.4: `name` is always a string (value, description or `(unnamed <role>)`). */
export const FindMatchV2_1 = Type.Object({ ...matchFields, name: Type.String() }, def("FindMatch"))

/** 2.5-2.6: an unnamed element omits `name`; a context match (`ref_id: null`) carries `bounds` when known. */
export const FindMatchV2_5 = Type.Object(
  { ...matchFields, name: Type.Optional(Type.String()), bounds: Type.Optional(Bounds) },
  def("FindMatch")
)

/**
 * 2.7: every match names its `source`; an `ocr` match (text read from the window's pixels) always carries its
 * `bounds` (screen pixels: the words matched) and Tesseract's `confidence` (0-100).
 */
export const FindMatch = Type.Object(
  {
    ...matchFields,
    name: Type.Optional(Type.String()),
    bounds: Type.Optional(Bounds),
    source: NodeSource,
    confidence: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 }))
  },
  def("FindMatch")
)
export type FindMatch = Type.Static<typeof FindMatch>

const shapes = <M extends typeof FindMatch | typeof FindMatchV2_5 | typeof FindMatchV2_1>(match: M, more: Readonly<Record<string, ReturnType<typeof Type.Optional>>> = {}) => {
  const scope = {
    snapshot_id: Type.Optional(SnapshotId),
    roles_present: Type.Optional(Type.Array(Type.String())),
    ...more
  }
  return Type.Union(
    [
      Type.Object({
        matches: Type.Array(match),
        total_matches: Type.Integer({ minimum: 0 }),
        truncated: Type.Boolean(),
        ...scope
      }),
      Type.Object({ match: Type.Union([match, Type.Null()]), ...scope }),
      Type.Object({ count: Type.Integer({ minimum: 0 }) })
    ],
    def("FindData")
  )
}

/** `find`'s three shapes: a list (default / `--limit`), one match (`--first/--last/--nth`), or `--count`. */
export const FindDataV2_1 = shapes(FindMatchV2_1)
export const FindDataV2_5 = shapes(FindMatchV2_5)
/** 2.7: `sources` lists what was searched (the tree's sources, and `ocr` when the search fell back to the pixels). */
export const FindData = shapes(FindMatch, { sources: Type.Optional(Type.Array(NodeSource)) })
export type FindData = Type.Static<typeof FindData>

export type FindMatchV2_1 = Type.Static<typeof FindMatchV2_1>
export type FindMatchV2_5 = Type.Static<typeof FindMatchV2_5>
export type FindDataV2_5 = Type.Static<typeof FindDataV2_5>
export type FindDataV2_1 = Type.Static<typeof FindDataV2_1>
