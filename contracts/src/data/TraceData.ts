import Type from "typebox"
import { Delivery } from "../schema/Disposition.js"
import { RefId } from "../schema/Ref.js"

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

const StepRole = Type.Enum(["action", "check", "lifecycle", "skipped", "not_replayable"])

/** One recorded command as `trace replay` ran it (or, with --dry-run, resolved it). */
const ReplayStep = Type.Object({
  index: count,
  /** Position of the recorded invocation's command.start (`seq` in trace show). */
  position: count,
  command: Type.String(),
  role: StepRole,
  status: Type.Enum(["passed", "resolved", "unresolved", "skipped", "not_replayable", "not_run"]),
  reason: Type.Optional(Type.String()),
  target: Type.Optional(Type.Object({
    role: Type.String(),
    name: Type.Optional(Type.String()),
    app: Type.String(),
    window: Type.Optional(Type.String())
  })),
  /** The ref the recorded element was bound to, in a snapshot of the replay's own session. */
  ref: Type.Optional(RefId),
  match: Type.Optional(Type.Enum(["exact", "moved", "renamed"])),
  delivery: Type.Optional(Delivery),
  /** Names of the secrets the step types (never their text). */
  secrets: Type.Optional(Type.Array(Type.String())),
  /** --dry-run: the recorded element beside what the window holds now. */
  diff: Type.Optional(Type.Object({}, { additionalProperties: true }))
})

/** `trace replay SESSION`: the recorded session run again (or resolved, --dry-run) as a session of its own. */
export const TraceReplayData = Type.Object({
  session_id: Type.String(),
  replay_session_id: Type.String(),
  dry_run: Type.Boolean(),
  total_steps: count,
  completed_steps: count,
  /** What the replay delivered as a whole: delivered once any step was, verified when every such step was. */
  delivery: Delivery,
  steps: Type.Array(ReplayStep),
  secrets: Type.Array(Type.Object({
    name: Type.String(),
    env: Type.String(),
    source: Type.Enum(["flag", "environment", "missing"])
  }))
})

/** `trace export --as batch`: the recording's actions as a `batch` input file. */
export const TraceBatchExportData = Type.Object({
  path: Type.String(),
  format: Type.Literal("batch"),
  session_id: Type.String(),
  entries: count,
  bytes: count,
  /** Environment variables the batch reads the recording's secrets from. */
  environment: Type.Array(Type.String()),
  /** Some action was recorded with --headed: run the batch with --headed. */
  headed: Type.Boolean(),
  omitted: Type.Array(Type.Object({ index: count, position: count, command: Type.String(), reason: Type.String() }))
})

/** `trace show | export` share the command name `trace`. */
export const TraceData = Type.Union([TraceShowData, TraceExportData])
export type TraceData = Type.Static<typeof TraceData>

/** 2.7: `trace replay` and `trace export --as batch` too. */
export const TraceDataV2_7 = Type.Union([TraceShowData, TraceExportData, TraceReplayData, TraceBatchExportData])
export type TraceDataV2_7 = Type.Static<typeof TraceDataV2_7>
export type TraceReplayData = Type.Static<typeof TraceReplayData>
export type TraceBatchExportData = Type.Static<typeof TraceBatchExportData>

export type TraceShowData = Type.Static<typeof TraceShowData>
export type TraceExportData = Type.Static<typeof TraceExportData>
