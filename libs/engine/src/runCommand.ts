import { redact } from "@agent-desktop/domain"
import { DesktopAdapter } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Clock, Effect, Exit } from "effect"
import type { Args } from "./Args.js"
import { HANDLERS } from "./commands/registry.js"
import { errorEnvelope, successEnvelope, type Envelope } from "./Envelope.js"
import { InvalidArgs } from "./errors/DesktopError.js"
import { fromCause } from "./errors/fromCause.js"
import { Invocation, type InvocationEvent, type InvocationOptions } from "./Invocation.js"
import { appendTraceFile, openTraceFile } from "./trace/TraceFile.js"
import { afterAction } from "./wait/afterAction.js"

export interface CommandRequest {
  /** Kebab-case command name, as on the command line (`click`, `list-apps`, `session`). */
  readonly command: string
  /** snake_case args, as in the reference's batch entries (`ref_id`, `app`, `interactive_only`, `text`). */
  readonly args?: Args
  readonly options?: InvocationOptions
}

const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/

let counter = 0
const invocationId = (now: number) => `run-${now}-${process.pid}-${++counter}`

/**
 * Run one command to its 2.6 envelope. Never fails: typed errors become error envelopes, defects become INTERNAL
 * with an unknown disposition. The invocation's events are appended to the store (its own stream, and the active
 * session's trace) before the envelope is returned.
 */
export const runCommand = Effect.fn("runCommand")(function*(
  request: CommandRequest
): Effect.fn.Return<Envelope, never, DesktopAdapter | EventStore> {
  const store = yield* EventStore
  const clock = yield* Clock.Clock
  const started = clock.currentTimeMillisUnsafe()
  const options = request.options ?? {}
  const events: Array<InvocationEvent> = []
  const invocation = Invocation.of({
    id: invocationId(started),
    command: request.command,
    options,
    namespace: options.session ?? "global",
    record: (type, payload) => void events.push({ type, ts_ms: clock.currentTimeMillisUnsafe(), payload }),
    events: () => events,
    runNested: runCommand
  })
  const args = request.args ?? {}
  invocation.record("command.start", {
    command: request.command,
    args: redact(args) as Record<string, unknown>,
    ...(options.agentId === undefined ? {} : { agent_id: options.agentId })
  })
  const handler = HANDLERS[request.command]
  const traceFile = options.traceFile
  const traceReady = traceFile === undefined
    ? Effect.void
    : Effect.try({
      try: () => openTraceFile(traceFile, options.session),
      catch: (cause) => new InvalidArgs({ message: `Cannot open the trace file: ${(cause as Error).message}`, suggestion: "Pass --trace with a writable, non-symlink path" })
    }).pipe(options.traceStrict === true ? (effect) => effect : Effect.ignore)
  const program = handler === undefined
    ? Effect.fail(new InvalidArgs({ message: `Unknown command '${request.command}'`, suggestion: "Run agent-desktop --help to list the commands" }))
    : options.agentId !== undefined && !AGENT_ID.test(options.agentId)
    ? Effect.fail(new InvalidArgs({ message: `Invalid agent id '${options.agentId}'`, suggestion: "Use 1-64 characters of [A-Za-z0-9_-] for --agent-id" }))
    : afterAction(request.command, args, handler(args))
  const exit = yield* Effect.exit(Effect.provideService(Effect.andThen(traceReady, program), Invocation, invocation))
  const envelope = Exit.isSuccess(exit)
    ? successEnvelope(request.command, exit.value)
    : errorEnvelope(request.command, fromCause(exit.cause))
  invocation.record("command.end", envelope.ok
    ? { command: request.command, ok: true }
    : { command: request.command, ok: false, code: envelope.error["code"], disposition: envelope.error["disposition"] })
  yield* store.appendInvocation({ invocationId: invocation.id, namespace: invocation.namespace, events }).pipe(
    Effect.catchCause((cause) => Effect.logWarning("trace append failed", cause))
  )
  if (traceFile !== undefined) {
    // Best effort after the command: the action has already happened, so a write failure must not hide its result.
    yield* Effect.try(() => appendTraceFile(traceFile, invocation.id, events)).pipe(Effect.ignore)
  }
  return envelope
})
