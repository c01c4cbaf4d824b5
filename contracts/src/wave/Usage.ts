// Token accounting in OpenAI units: prompt_tokens already includes cached reads (E11). No cost fields, ever.
import { Type } from "typebox"

const Count = Type.Integer({ minimum: 0 })

export const Usage = Type.Object({
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count,
  cache_read_input_tokens: Type.Optional(Count),
  cache_creation_input_tokens: Type.Optional(Count)
}, { additionalProperties: false, title: "WaveUsage" })
export type Usage = Type.Static<typeof Usage>

export const ModelUsage = Type.Object({
  model: Type.String(),
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count,
  requests: Count,
  operations: Type.Object({ agent_calls: Count, subagent_calls: Count }, { additionalProperties: false }),
  cache_read_input_tokens: Type.Optional(Count),
  cache_creation_input_tokens: Type.Optional(Count)
}, { additionalProperties: false, title: "WaveModelUsage" })
export type ModelUsage = Type.Static<typeof ModelUsage>
