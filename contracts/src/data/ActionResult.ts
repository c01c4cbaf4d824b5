import Type from "typebox"
import { ActionDetails, ActionDetailsV2_1, PostState, Step, Surface } from "../schema/ActionParts.js"
import { def } from "../schema/def.js"
import { SuccessDisposition } from "../schema/Disposition.js"

const fields = {
  action: Type.String({ description: "The command name" }),
  disposition: SuccessDisposition,
  steps: Type.Optional(Type.Array(Step)),
  post_state: Type.Optional(PostState),
  surfaces: Type.Optional(Type.Array(Surface))
}

/** Result of a ref action before 2.4's readback vocabulary. */
export const ActionResultV2_1 = Type.Object(
  { ...fields, details: Type.Optional(ActionDetailsV2_1) },
  def("ActionResult")
)

/** Result of a ref action: what was delivered, how, and what the target looked like afterwards. */
export const ActionResult = Type.Object({ ...fields, details: Type.Optional(ActionDetails) }, def("ActionResult"))
export type ActionResult = Type.Static<typeof ActionResult>

/** The action fields an OperationReport shares with ActionResult (2.5+). */
export const actionResultFields = { ...fields, details: Type.Optional(ActionDetails) }

export type ActionResultV2_1 = Type.Static<typeof ActionResultV2_1>
