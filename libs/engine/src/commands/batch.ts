import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { CommandData } from "@agent-desktop/contracts"
import { Clock, Effect } from "effect"
import type { Args } from "../args/Args.js"
import { InvalidArgs } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { commandNotAllowed } from "./allowedCommands.js"

export const BATCH_LIMITS = { max_entries: 64, max_input_bytes: 1024 * 1024, max_output_bytes: 4 * 1024 * 1024 } as const
const ENTRY_KEYS = new Set(["command", "args", "session"])

interface Entry {
  readonly command: string
  readonly args: Args
  readonly session?: string
}

const invalid = (message: string) =>
  new InvalidArgs({ message, suggestion: "Pass a JSON array of {\"command\", \"args\", \"session\"?} objects, at most 64" })

const parseEntries = (json: string): Effect.Effect<ReadonlyArray<Entry>, InvalidArgs> =>
  Effect.suspend(() => {
    if (Buffer.byteLength(json) > BATCH_LIMITS.max_input_bytes) return Effect.fail(invalid("batch input exceeds 1 MiB"))
    let parsed: unknown
    try {
      parsed = JSON.parse(json)
    } catch {
      return Effect.fail(invalid("batch input is not valid JSON"))
    }
    if (!Array.isArray(parsed)) return Effect.fail(invalid("batch input must be a JSON array"))
    if (parsed.length > BATCH_LIMITS.max_entries) return Effect.fail(invalid(`batch holds ${parsed.length} entries; the limit is 64`))
    const entries: Array<Entry> = []
    for (const [index, item] of parsed.entries()) {
      if (typeof item !== "object" || item === null || Array.isArray(item)) return Effect.fail(invalid(`entry ${index} is not an object`))
      const unknown = Object.keys(item).filter((key) => !ENTRY_KEYS.has(key))
      if (unknown.length > 0) return Effect.fail(invalid(`entry ${index} has unknown keys: ${unknown.join(", ")}`))
      const { command, args, session } = item as { command?: unknown; args?: unknown; session?: unknown }
      if (typeof command !== "string") return Effect.fail(invalid(`entry ${index} needs a command name`))
      if (command === "batch") return Effect.fail(invalid(`entry ${index} nests a batch, which is not allowed`))
      if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) {
        return Effect.fail(invalid(`entry ${index}: args must be an object`))
      }
      if (session !== undefined && typeof session !== "string") return Effect.fail(invalid(`entry ${index}: session must be a string`))
      entries.push({ command, args: (args ?? {}) as Args, ...(session === undefined ? {} : { session }) })
    }
    return Effect.succeed(entries)
  })

/**
 * `batch JSON [--stop-on-error] [--timeout-ms]`: entries run in order, each a full invocation with its own envelope
 * and its own retry contract; nothing is atomic and the batch itself never retries. Entries never inherit the outer
 * `--wait-for`.
 */
export const batch = Effect.fn("batch")(function*(args: ArgsOf<"batch">) {
  const entries = yield* parseEntries(args.json)
  const { stop_on_error: stopOnError, timeout_ms: timeoutMs } = args
  const invocation = yield* Invocation
  // A caller that limits the commands limits what a batch may run: one entry outside the list refuses the whole
  // batch before anything runs (each entry is checked again when it runs, as every invocation is).
  const allowed = invocation.options.allowedCommands
  if (allowed !== undefined) {
    const index = entries.findIndex((entry) => !allowed.includes(entry.command))
    if (index >= 0) return yield* Effect.fail(commandNotAllowed(entries[index]!.command, allowed, `batch entry ${index}`))
  }
  const runCommand = invocation.runNested
  const start = yield* Clock.currentTimeMillis
  const { waitFor: _waitFor, waitForGone: _waitForGone, waitTimeoutMs: _waitTimeout, ...inherited } = invocation.options
  const results: Array<CommandData<"batch">["results"][number]> = []
  let outputBytes = 0
  let stopped: { reason: "deadline" | "stop_on_error" | "output_limit"; index: number } | undefined
  for (const [index, entry] of entries.entries()) {
    if (stopped === undefined && (yield* Clock.currentTimeMillis) - start >= timeoutMs) stopped = { reason: "deadline", index }
    if (stopped !== undefined) {
      results.push({ index, execution: "not_started", not_started_reason: stopped.reason })
      continue
    }
    const envelope = yield* runCommand({
      command: entry.command,
      args: entry.args,
      options: { ...inherited, ...(entry.session === undefined ? {} : { session: entry.session }) }
    })
    invocation.record("batch.child", { index, command: entry.command, ok: envelope.ok })
    outputBytes += Buffer.byteLength(JSON.stringify(envelope))
    if (outputBytes > BATCH_LIMITS.max_output_bytes) {
      stopped = { reason: "output_limit", index }
      results.push({ index, execution: "not_started", not_started_reason: "output_limit" })
      continue
    }
    results.push({ ...envelope, index, execution: "completed" })
    if (!envelope.ok && stopOnError) stopped = { reason: "stop_on_error", index: index + 1 }
  }
  const completed = results.filter((result) => result.execution === "completed").length
  return {
    results,
    semantics: {
      atomic: false as const,
      order: "sequential" as const,
      batch_retries: false as const,
      command_retry_contracts: "preserved" as const,
      successful_action_disposition: "data.disposition" as const,
      error_disposition: "error.disposition" as const
    },
    total_entries: entries.length,
    completed_entries: completed,
    not_started_entries: entries.length - completed,
    timeout_ms: timeoutMs,
    elapsed_ms: (yield* Clock.currentTimeMillis) - start,
    limits: BATCH_LIMITS,
    ...(stopped === undefined ? {} : { stopped })
  }
})
