// A main-agent tool call as the result lists it (E8): no tool output, which lives in the session transcript.
import { Type } from "typebox"

/** Parsed arguments, or the raw string when they were not valid JSON (E9). */
export const ToolInput = Type.Unknown({ description: "parsed JSON arguments, or the raw string if unparsable" })

export const ToolCall = Type.Object({
  id: Type.String(),
  name: Type.String(),
  input: ToolInput,
  success: Type.Boolean(),
  error: Type.Optional(Type.String())
}, { additionalProperties: false, title: "WaveToolCall" })
export type ToolCall = Type.Static<typeof ToolCall>
