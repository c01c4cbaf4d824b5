import Type from "typebox"
import { def } from "./def.js"
import { Role, State } from "./SnapshotNode.js"

/** One delivery mechanism tried, in order. `label` is an open string naming the native mechanism. */
export const Step = Type.Object(
  {
    label: Type.String(),
    outcome: Type.Enum(["attempted", "skipped", "succeeded"]),
    mechanism: Type.Optional(Type.Enum(["semantic_api", "physical_synthetic"])),
    verified: Type.Optional(Type.Boolean())
  },
  def("Step")
)
export type Step = Type.Static<typeof Step>

/** The target's state once the action settled, when readable. */
export const PostState = Type.Object(
  {
    role: Role,
    states: Type.Array(State),
    value: Type.Optional(Type.String()),
    enabled: Type.Optional(Type.Boolean()),
    hidden: Type.Optional(Type.Boolean()),
    offscreen: Type.Optional(Type.Boolean())
  },
  def("PostState")
)
export type PostState = Type.Static<typeof PostState>

/** An overlay open once the action settled (e.g. `{"id":"focused-window","type":"sheet"}`): target it next. */
export const Surface = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    title: Type.Optional(Type.String()),
    item_count: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  def("Surface")
)
export type Surface = Type.Static<typeof Surface>

/** 2.1-2.3: success details are an open bag (auto_wait, action_details, preparatory_scroll, ...). */
export const ActionDetailsV2_1 = Type.Object({}, def("ActionDetails", { additionalProperties: true }))

/** How far a successful action's readback reached (2.4+; the window scopes belong to OperationReports). */
export const VerificationScope = Type.Enum([
  "unavailable",
  "window_size",
  "window_position",
  "window_minimized_state",
  "window_maximized_state"
])

/** 2.4+: `verification_scope: "unavailable"` marks a stateful action whose readback found no evidence. */
export const ActionDetails = Type.Object(
  { verification_scope: Type.Optional(VerificationScope) },
  def("ActionDetails", { additionalProperties: true })
)

export type ActionDetails = Type.Static<typeof ActionDetails>
export type VerificationScope = Type.Static<typeof VerificationScope>
