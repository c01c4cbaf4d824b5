import Type from "typebox"
import { def } from "./def.js"

/** `s` + base36 in practice; the contract accepts 3-64 of [A-Za-z0-9_-]. */
export const SnapshotId = Type.String({ pattern: "^[A-Za-z0-9_-]{3,64}$" })

/**
 * A snapshot-qualified ref `@<snapshot_id>:e<N>` (N a positive u32, at most 10 digits). Output never carries a
 * bare `@eN`: qualified refs are printed since 2.1.
 */
export const RefId = Type.String(def("RefId", { pattern: "^@[A-Za-z0-9_-]{3,64}:e[1-9][0-9]{0,9}$" }))
export type RefId = Type.Static<typeof RefId>

export type SnapshotId = Type.Static<typeof SnapshotId>
