import { redact } from "@agent-desktop/domain"
import { DesktopAdapter } from "@agent-desktop/platform"
import { EventStore, INVOCATION_ENDED, INVOCATION_STARTED, type StoreError } from "@agent-desktop/store"
import { Clock, Effect, Exit } from "effect"
import type { FileHandle } from "node:fs/promises"
import { decodeArgs } from "./args/decodeArgs.js"
import type { Args } from "./args/Args.js"
import { decodesArgs, HANDLERS, type Handler } from "./commands/registry.js"
import { successEnvelope, toErrorEnvelope, type Envelope } from "./Envelope.js"
import { desktopError, Internal, InvalidArgs, type DesktopError } from "./errors/DesktopError.js"
import { fromCause } from "./errors/fromCause.js"
import { toErrorBody } from "./errors/toErrorBody.js"
import type { CommandRequest } from "./CommandRequest.js"
import { Invocation } from "./Invocation.js"
import { closeAbandoned } from "./journal/closeAbandoned.js"
import { evidenceOutranks, foldEvidence } from "./journal/foldEvidence.js"
import { Journal } from "./journal/Journal.js"
import { redactRequest } from "./journal/redactRequest.js"
import { outputError, readOnlyRefusal } from "./output/writeOutput.js"
import { commandNotAllowed } from "./commands/allowedCommands.js"
import { storeFailureDetails } from "./StoreAccess.js"
import { appendTraceFile, openTraceFile } from "./trace/TraceFile.js"
import { withRefmapCopy } from "./trace/Refmaps.js"
import { withScreens } from "./trace/Screens.js"
import { isSafeToRetry, isTransient, safeRetry } from "./Retry.js"
import { afterAction } from "./wait/afterAction.js"

export type { CommandRequest } from "./CommandRequest.js"

const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/

let counter = 0
const invocationId = (now: number) => `run-${now}-${process.pid}-${++counter}`

/** Fails with an interruption error as soon as `signal` aborts; never, without one. */
const interruption = (signal: AbortSignal | undefined): Effect.Effect<never, DesktopError> =>
  signal === undefined
    ? Effect.never
    : Effect.callback<never, DesktopError>((resume) => {
      const fire = () => {
        const name = typeof signal.reason === "string" ? signal.reason : "an abort"
        resume(Effect.fail(new Internal({
          message: `Interrupted by ${name} before the command finished`,
          delivery: "not_delivered",
          details: { kind: "interrupted", signal: name },
          suggestion: "Snapshot the app to see its state before running the command again"
        })))
      }
      if (signal.aborted) fire()
      else signal.addEventListener("abort", fire, { once: true })
      return Effect.sync(() => signal.removeEventListener("abort", fire))
    })

/**
 * The handler with its arguments decoded once against the spec (decodeArgs), framed by what every command may
 * carry: session screenshots, the post-action `--wait-for`, the refmap copy.
 */
const handled = (command: string, raw: Args, handler: Handler) =>
  Effect.flatMap(decodesArgs(command) ? decodeArgs(command, raw) : Effect.succeed(raw), (args) =>
    withRefmapCopy(command, withScreens(command, args, afterAction(command, args, handler(args)))))

/** The error with the delivery its evidence proves, when that is more than the error claimed. */
const withEvidence = (error: DesktopError, evidence: ReturnType<typeof foldEvidence>): DesktopError => {
  const claimed = toErrorBody(error).disposition.delivery
  if (!evidenceOutranks(evidence.delivery, claimed)) return error
  return desktopError(error.code, {
    message: error.message,
    delivery: evidence.delivery,
    details: { ...error.details, claimed_delivery: claimed, delivery_from: "evidence" },
    ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    ...(error.platformDetail === undefined ? {} : { platformDetail: error.platformDetail })
  })
}

const withStoreFailure = (error: DesktopError, failure: StoreError, journalComplete: boolean): DesktopError =>
  desktopError(error.code, {
    message: error.message,
    ...(error.delivery === undefined ? {} : { delivery: error.delivery }),
    details: { ...error.details, store_failure: { ...storeFailureDetails(failure), trace_complete: journalComplete } },
    ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    ...(error.platformDetail === undefined ? {} : { platformDetail: error.platformDetail })
  })

/**
 * Run one command to its 2.6 envelope. Never fails: typed errors become error envelopes, defects become INTERNAL
 * with an unknown disposition. Evidence is written ahead (journal/): `command.start` (the redacted request) before any adapter call,
 * each step's attempt before it is sent, the folded result last. The envelope's disposition can only be raised by
 * that evidence, never lowered by a later failure (a store fault, a signal): the events in memory are the source
 * of truth when the store cannot take them.
 */
export const runCommand = Effect.fn("runCommand")(function*(
  request: CommandRequest
): Effect.fn.Return<Envelope, never, DesktopAdapter | EventStore> {
  const store = yield* EventStore
  const clock = yield* Clock.Clock
  const now = () => clock.currentTimeMillisUnsafe()
  closeAbandoned(store.core, now)
  const options = request.options ?? {}
  const args = request.args ?? {}
  const id = invocationId(now())
  const namespace = options.session ?? "global"
  const journal = new Journal(store.core, id, namespace, now)
  const invocation = Invocation.of({
    id,
    command: request.command,
    options,
    namespace,
    record: (type, payload) => journal.record(type, redact(payload) as Record<string, unknown>),
    events: () => journal.events,
    ensureDurable: () => journal.ensureDurable(),
    runNested: runCommand
  })
  journal.record(INVOCATION_STARTED, {
    command: request.command,
    args: redactRequest(request.command, args),
    pid: process.pid,
    ...(options.agentId === undefined ? {} : { agent_id: options.agentId })
  })
  const handler = HANDLERS[request.command]
  let traceFile: FileHandle | undefined
  let traceRefused: DesktopError | undefined
  if (options.traceFile !== undefined) {
    const file = options.traceFile
    if (options.readOnly === true) traceRefused = readOnlyRefusal("the trace file", file)
    else {
      const opened = yield* Effect.exit(Effect.tryPromise({
        try: () => openTraceFile(file, options.session),
        catch: (cause) => outputError("the trace file", file, cause)
      }))
      if (Exit.isSuccess(opened)) traceFile = opened.value
      else traceRefused = fromCause(opened.cause)
    }
  }
  const refusedCommand = options.allowedCommands === undefined || options.allowedCommands.includes(request.command)
    ? undefined
    : commandNotAllowed(request.command, options.allowedCommands)
  const program = traceRefused !== undefined && options.traceStrict === true
    ? Effect.fail(traceRefused)
    : refusedCommand !== undefined
    ? Effect.fail(refusedCommand)
    : handler === undefined
    ? Effect.fail(new InvalidArgs({ message: `Unknown command '${request.command}'`, suggestion: "Run agent-desktop --help to list the commands" }))
    : options.agentId !== undefined && !AGENT_ID.test(options.agentId)
    ? Effect.fail(new InvalidArgs({ message: `Invalid agent id '${options.agentId}'`, suggestion: "Use 1-64 characters of [A-Za-z0-9_-] for --agent-id" }))
    : handled(request.command, args, handler)
  if (traceRefused !== undefined && options.traceStrict !== true) {
    yield* Effect.logWarning(`--trace not written: ${traceRefused.message}`)
  }
  // A transient failure before anything was attempted is retried on the safe schedule; once a step.attempted is in
  // the journal, never (the evidence, not the error, decides).
  const retryable = (error: DesktopError) => isTransient(error) && isSafeToRetry(error) && !journal.attempted
  const retried = program.pipe(
    Effect.tapError((error) =>
      Effect.sync(() => {
        if (retryable(error)) journal.record("retry.scheduled", { code: error.code, reason: "transient, nothing attempted" })
      })
    ),
    Effect.retry({ schedule: safeRetry, while: retryable })
  )
  const exit = yield* Effect.exit(
    Effect.provideService(Effect.raceFirst(retried, interruption(options.signal)), Invocation, invocation)
  )
  const evidence = foldEvidence(journal.events)
  let error = Exit.isSuccess(exit) ? undefined : withEvidence(fromCause(exit.cause), evidence)
  const ended = error === undefined
    ? { command: request.command, ok: true }
    : { command: request.command, ok: false, code: error.code, disposition: toErrorBody(error).disposition }
  journal.record(INVOCATION_ENDED, ended)
  const storeFailure = journal.finish() ?? journal.failure
  if (storeFailure !== undefined) {
    if (error !== undefined) error = withStoreFailure(error, storeFailure, journal.durable)
    yield* Effect.logWarning(`the invocation's trace ${journal.durable ? "was written late" : "is incomplete"}: ${storeFailure.message}`)
  }
  if (traceFile !== undefined) {
    // After the command: the action has already happened, so a write failure must not hide its result.
    const handle = traceFile
    yield* Effect.tryPromise(() => appendTraceFile(handle, id, journal.events)).pipe(Effect.ignore)
  }
  return error === undefined ? successEnvelope(request.command, Exit.isSuccess(exit) ? exit.value : undefined) : toErrorEnvelope(request.command, error)
})
