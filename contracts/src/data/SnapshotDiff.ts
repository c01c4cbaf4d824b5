import Type, { type TSchema } from "typebox"
import { def } from "../schema/def.js"
import { RefId, SnapshotId } from "../schema/Ref.js"
import { AvailableAction, Role, State } from "../schema/SnapshotNode.js"

/** The node fields a diff compares (the same list the engine's snapshotDiff.ts compares). */
export const DIFF_FIELDS = ["name", "value", "description", "states", "available_actions"] as const

/** Why a `snapshot --diff` printed the whole snapshot instead. */
export const WHOLE_REASONS = ["no_base", "partial_read", "changed_too_much"] as const

/** The diff's static type, written out: inferred through the node's cyclic schema it is too long for the compiler. */
export type SnapshotDiffJson<N> =
  | {
    readonly since: string
    readonly added?: ReadonlyArray<{ readonly parent?: string; readonly node: N }>
    readonly removed?: ReadonlyArray<{ readonly ref_id: string; readonly role: Type.Static<typeof Role>; readonly name?: string }>
    readonly changed?: ReadonlyArray<{
      readonly node: N
      readonly changed: ReadonlyArray<(typeof DIFF_FIELDS)[number]>
      readonly was: {
        readonly name?: string
        readonly value?: string
        readonly description?: string
        readonly states?: ReadonlyArray<Type.Static<typeof State>>
        readonly available_actions?: ReadonlyArray<Type.Static<typeof AvailableAction>>
      }
    }>
    readonly unchanged: number
  }
  | { readonly since?: string; readonly whole: true; readonly reason: (typeof WHOLE_REASONS)[number] }

/**
 * `snapshot --diff` (2.7): what changed in a window since a base snapshot of it, over the elements that get refs.
 * A diff keeps the base's ref numbers: an element the base had is `@<new>:eN` and still `@<base>:eN`. Built over the
 * contract version's node schema (a changed or added node is a node of that version, its children included only
 * under an added one).
 */
export const snapshotDiffOf = <N extends TSchema>(node: N) =>
  Type.Unsafe<SnapshotDiffJson<Type.Static<N>>>(Type.Union(
    [
      Type.Object({
        since: SnapshotId,
        /** New elements, each with its printed subtree and the ref of its nearest printed ancestor with one (omitted when none, as are removed and changed). */
        added: Type.Optional(Type.Array(Type.Object({ parent: Type.Optional(RefId), node }, def("DiffAdded")))),
        /** Base refs no element kept, with their role and name. */
        removed: Type.Optional(Type.Array(Type.Object({ ref_id: RefId, role: Role, name: Type.Optional(Type.String()) }, def("DiffRemoved")))),
        /**
         * Kept refs whose fields changed: the node as it is now (no children), the fields that changed and what they
         * were (a value the store keeps only as a digest, a text field's contents, is named but not shown).
         */
        changed: Type.Optional(Type.Array(Type.Object({
          node,
          changed: Type.Array(Type.Enum(DIFF_FIELDS)),
          was: Type.Object({
            name: Type.Optional(Type.String()),
            value: Type.Optional(Type.String()),
            description: Type.Optional(Type.String()),
            states: Type.Optional(Type.Array(State)),
            available_actions: Type.Optional(Type.Array(AvailableAction))
          })
        }, def("DiffChanged")))),
        /** Kept refs that did not change. */
        unchanged: Type.Integer({ minimum: 0 })
      }),
      /** The whole snapshot is in `tree`, and this says why. */
      Type.Object({ since: Type.Optional(SnapshotId), whole: Type.Literal(true), reason: Type.Enum(WHOLE_REASONS) })
    ],
    def("SnapshotDiff")
  ))
