import Type from "typebox"

const count = Type.Integer({ minimum: 0 })

/** One entry's own envelope plus its position; entries are validated on their own, not through the batch. */
const BatchResult = Type.Object(
  {
    index: count,
    execution: Type.Enum(["completed", "not_started"]),
    not_started_reason: Type.Optional(Type.String())
  },
  { additionalProperties: true }
)

export const BatchData = Type.Object({
  results: Type.Array(BatchResult),
  semantics: Type.Object({
    atomic: Type.Literal(false),
    order: Type.Literal("sequential"),
    batch_retries: Type.Literal(false),
    command_retry_contracts: Type.Literal("preserved"),
    successful_action_disposition: Type.Literal("data.disposition"),
    error_disposition: Type.Literal("error.disposition")
  }),
  total_entries: count,
  completed_entries: count,
  not_started_entries: count,
  timeout_ms: count,
  elapsed_ms: count,
  limits: Type.Object({ max_entries: count, max_input_bytes: count, max_output_bytes: count }),
  stopped: Type.Optional(
    Type.Object(
      {
        reason: Type.Enum(["deadline", "stop_on_error", "output_limit", "pre_action_baseline_failed"]),
        index: Type.Optional(count)
      },
      { additionalProperties: true }
    )
  )
})
export type BatchData = Type.Static<typeof BatchData>
