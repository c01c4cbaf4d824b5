// The one result object (json) and last stream-json line. Claude-Code-shaped envelope (E11), OpenAI-unit numbers, and
// beside them the fields a `claude -p` consumer's parser reads (usage.input_tokens/output_tokens, duration_api_ms,
// total_cost_usd where a price is known).
import { Type } from "typebox"
import { Seq, SessionId } from "./Common.js"
import { PendingTask } from "./SystemEvents.js"
import { ToolCall } from "./ToolCall.js"
import { ModelUsage, Usage } from "./Usage.js"

const common = {
  type: Type.Literal("result"),
  seq: Seq,
  session_id: Type.Optional(SessionId),
  num_turns: Type.Integer({ minimum: 0 }),
  duration_ms: Type.Integer({ minimum: 0 }),
  /** Time spent waiting for the model API (all agents' calls, retries included), as Claude Code reports it. */
  duration_api_ms: Type.Optional(Type.Integer({ minimum: 0 })),
  usage: Usage,
  /** Present only when every model used is priced (WAVE_MODEL_PRICING); never a made-up 0. */
  total_cost_usd: Type.Optional(Type.Number({ minimum: 0 })),
  model_usage: Type.Record(Type.String(), ModelUsage),
  tool_calls: Type.Array(ToolCall),
  /** Background tasks still running when the wait ceiling was hit (D7). */
  incomplete_tasks: Type.Optional(Type.Array(PendingTask)),
  /** Tool calls the permission mode refused (Claude Code's shape); present when there was at least one. */
  permission_denials: Type.Optional(Type.Array(Type.Object({
    tool_name: Type.String(),
    tool_use_id: Type.String(),
    tool_input: Type.Unknown()
  }, { additionalProperties: false })))
}

export const SuccessResult = Type.Object({
  ...common,
  subtype: Type.Literal("success"),
  is_error: Type.Literal(false),
  result: Type.String(),
  errors: Type.Optional(Type.Array(Type.String(), { minItems: 1 }))
}, { additionalProperties: false, title: "WaveSuccessResult" })
export type SuccessResult = Type.Static<typeof SuccessResult>

/** The run failed (5.3, 5.4, D4, D9): no `result` key, the reasons in `errors`. */
export const ErrorResult = Type.Object({
  ...common,
  subtype: Type.Literal("error_during_execution"),
  is_error: Type.Literal(true),
  errors: Type.Array(Type.String(), { minItems: 1 })
}, { additionalProperties: false, title: "WaveErrorResult" })
export type ErrorResult = Type.Static<typeof ErrorResult>

/** `--max-turns` reached (D8): `result` is the last assistant text, possibly "". */
export const MaxTurnsResult = Type.Object({
  ...common,
  subtype: Type.Literal("error_max_turns"),
  is_error: Type.Literal(true),
  result: Type.String(),
  errors: Type.Optional(Type.Array(Type.String(), { minItems: 1 }))
}, { additionalProperties: false, title: "WaveMaxTurnsResult" })
export type MaxTurnsResult = Type.Static<typeof MaxTurnsResult>

export const Result = Type.Union([SuccessResult, ErrorResult, MaxTurnsResult], { title: "WaveResult" })
export type Result = Type.Static<typeof Result>
