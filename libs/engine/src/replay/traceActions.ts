/**
 * The `trace` command's replay entries: `trace replay [SESSION] [--from N] [--to N] [--dry-run] [--secret NAME=TEXT]
 * [--timeout-ms MS]` and `trace export [SESSION] --as batch [--out PATH]`. Their flags are read here so the trace
 * handler stays a dispatcher.
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import * as path from "node:path"
import { InvalidArgs } from "../errors/DesktopError.js"
import { writeOutput } from "../output/writeOutput.js"
import { stateRoot, withStore } from "../StoreAccess.js"
import { sessionFolder } from "../trace/SessionFolder.js"
import { BATCH_EXPORT_LIMIT, batchOf } from "./exportBatch.js"
import { planOf } from "./ReplayPlan.js"
import { parseSecretFlags } from "./ReplaySecrets.js"
import { runReplay } from "./runReplay.js"

type TraceArgs = ArgsOf<"trace">

const range = Effect.fnUntraced(function*(args: TraceArgs) {
  const { from, to } = args
  if (from !== undefined && to !== undefined && from > to) {
    return yield* new InvalidArgs({ message: `--from ${from} is after --to ${to}`, suggestion: "Pass positions as trace show prints them (seq), --from first" })
  }
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) }
})

export const traceReplay = Effect.fn("trace.replay")(function*(sessionId: string, args: TraceArgs) {
  const parsed = parseSecretFlags(args.secret ?? [])
  if (parsed._tag === "Invalid") {
    return yield* new InvalidArgs({
      message: `--secret #${parsed.index + 1} is not NAME=TEXT (NAME: letters, digits and _)`,
      suggestion: "Pass each secret as --secret NAME=TEXT with the NAME the recording gives (trace replay --dry-run lists them)"
    })
  }
  return yield* runReplay({
    sessionId,
    ...(yield* range(args)),
    dryRun: args.dry_run === true,
    secrets: parsed.secrets,
    timeoutMs: args.timeout_ms
  })
})

/** `trace export --as batch`: the recording's actions as an editable batch file (exportBatch.ts). */
export const traceExportBatch = Effect.fn("trace.exportBatch")(function*(sessionId: string, args: TraceArgs) {
  const recording = yield* withStore((store) => store.trace(sessionId, { limit: 0, redact: false }))
  const plan = planOf(recording.events, yield* range(args))
  const exported = batchOf(plan.steps)
  if (exported.entries.length === 0) {
    return yield* new InvalidArgs({
      message: `session ${sessionId} recorded no action a batch can repeat`,
      details: { kind: "replay_empty", omitted: exported.omitted },
      suggestion: "Record in a session (session start, then the commands with --session ID), and export that session"
    })
  }
  if (exported.entries.length > BATCH_EXPORT_LIMIT) {
    return yield* new InvalidArgs({
      message: `session ${sessionId} recorded ${exported.entries.length} actions; a batch runs at most ${BATCH_EXPORT_LIMIT}`,
      details: { kind: "batch_too_long", entries: exported.entries.length },
      suggestion: "Export it in parts with --from and --to (positions as trace show prints them, seq)"
    })
  }
  const { out } = args
  const target = out === undefined ? path.join(sessionFolder(yield* stateRoot, sessionId), `batch-${sessionId}.json`) : path.resolve(out)
  const text = JSON.stringify(exported.entries, null, 2) + "\n"
  const written = yield* writeOutput("the batch export", target, text, "replace", { makeFolder: true })
  return {
    path: written,
    format: "batch" as const,
    session_id: sessionId,
    entries: exported.entries.length,
    bytes: Buffer.byteLength(text),
    environment: exported.environment,
    headed: exported.headed,
    omitted: exported.omitted
  }
})
