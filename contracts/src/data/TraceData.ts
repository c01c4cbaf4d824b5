import Type from "typebox"

const TraceWarning = Type.Object({
  kind: Type.Enum([
    "foreign_file",
    "unreadable_segment",
    "symlinked_segment",
    "schema_unknown",
    "unpaired_command"
  ]),
  message: Type.String()
})
const count = Type.Integer({ minimum: 0 })

/** A trace event: `event`, `ts_ms`, `seq` and event-specific fields (sensitive ones redacted). */
const TraceEvent = Type.Object(
  { event: Type.String(), ts_ms: count, seq: Type.Optional(count) },
  { additionalProperties: true }
)

export const TraceShowData = Type.Object({
  session_id: Type.String(),
  segments: Type.Array(
    Type.Object({
      segment: Type.String(),
      pid: count,
      schema: Type.Union([Type.String(), Type.Integer()]),
      event_count: count,
      skipped_lines: count
    })
  ),
  total_events: count,
  returned_events: count,
  truncated: Type.Boolean(),
  events: Type.Array(TraceEvent),
  matched_events: Type.Optional(count),
  warnings: Type.Optional(Type.Array(TraceWarning))
})

export const TraceExportData = Type.Object({
  path: Type.String(),
  event_count: count,
  screenshots_embedded: count,
  screenshots_skipped: count,
  bytes: count,
  total_events: count,
  returned_events: count,
  truncated: Type.Boolean(),
  warnings: Type.Optional(Type.Array(TraceWarning))
})

/** `trace show | export` share the command name `trace`. */
export const TraceData = Type.Union([TraceShowData, TraceExportData])
export type TraceData = Type.Static<typeof TraceData>

export type TraceShowData = Type.Static<typeof TraceShowData>
export type TraceExportData = Type.Static<typeof TraceExportData>
