// Token accounting. The seed's numbers are OpenAI units: prompt_tokens already includes cached reads (E11). Beside
// them, the names a `claude -p` consumer's parser reads: input_tokens (without cache reads and writes) and
// output_tokens. Cost only where the user priced the model (never a made-up 0; ResultEvent's total_cost_usd).
// schema_version 1 grows by optional fields only: a field is never removed, renamed or retyped.
import { Type } from "typebox"

const Count = Type.Integer({ minimum: 0 })

export const Usage = Type.Object({
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count,
  input_tokens: Type.Optional(Type.Integer({ minimum: 0, description: "prompt tokens not read from or written to a cache (Anthropic units)" })),
  output_tokens: Type.Optional(Type.Integer({ minimum: 0, description: "= completion_tokens (Anthropic units)" })),
  cache_read_input_tokens: Type.Optional(Count),
  cache_creation_input_tokens: Type.Optional(Count)
}, { additionalProperties: false, title: "WaveUsage" })
export type Usage = Type.Static<typeof Usage>

export const ModelUsage = Type.Object({
  model: Type.String(),
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count,
  input_tokens: Type.Optional(Count),
  output_tokens: Type.Optional(Count),
  requests: Count,
  operations: Type.Object({ agent_calls: Count, subagent_calls: Count }, { additionalProperties: false }),
  cache_read_input_tokens: Type.Optional(Count),
  cache_creation_input_tokens: Type.Optional(Count),
  cost_usd: Type.Optional(Type.Number({ minimum: 0, description: "present only when WAVE_MODEL_PRICING prices this model" }))
}, { additionalProperties: false, title: "WaveModelUsage" })
export type ModelUsage = Type.Static<typeof ModelUsage>
