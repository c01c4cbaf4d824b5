import Type from "typebox"
import { def } from "../schema/def.js"
import { SuccessDisposition } from "../schema/Disposition.js"

/**
 * The action's own result, carried by a post-action `--wait-for` snapshot: the command's ActionResult,
 * OperationReport or (before 2.5) flag payload. Left open; only `action` and `disposition` are checked when present.
 */
export const AfterAction = Type.Object(
  { action: Type.Optional(Type.String()), disposition: Type.Optional(SuccessDisposition) },
  def("AfterAction", { additionalProperties: true })
)

/** `--wait-for-gone` (or a closed window) satisfied after an action. */
export const WaitForGone = Type.Object(
  {
    matched_selector: Type.String(),
    gone: Type.Literal(true),
    target_absent: Type.Literal(true),
    elapsed_ms: Type.Integer({ minimum: 0 }),
    after_action: Type.Optional(AfterAction)
  },
  def("WaitForGone")
)
export type WaitForGone = Type.Static<typeof WaitForGone>

export type AfterAction = Type.Static<typeof AfterAction>
