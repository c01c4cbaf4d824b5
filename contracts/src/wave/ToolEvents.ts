// One tool/start and one tool/end per tool id (D10), main agent only.
import { Type } from "typebox"
import { eventEnvelope } from "./Common.js"
import { ToolInput } from "./ToolCall.js"

export const ToolStart = Type.Object({
  type: Type.Literal("tool"),
  subtype: Type.Literal("start"),
  ...eventEnvelope,
  id: Type.String(),
  name: Type.String(),
  input: ToolInput
}, { additionalProperties: false, title: "WaveToolStart" })
export type ToolStart = Type.Static<typeof ToolStart>

export const ToolEnd = Type.Object({
  type: Type.Literal("tool"),
  subtype: Type.Literal("end"),
  ...eventEnvelope,
  id: Type.String(),
  name: Type.String(),
  success: Type.Boolean(),
  error: Type.Optional(Type.String())
}, { additionalProperties: false, title: "WaveToolEnd" })
export type ToolEnd = Type.Static<typeof ToolEnd>
