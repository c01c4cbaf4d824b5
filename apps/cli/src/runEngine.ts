/**
 * The engine side of the CLI, loaded only for commands that need it: picks the platform adapter, opens the store,
 * runs the command, and turns a layer failure (bad state root, no platform) into an envelope too.
 */
import { EngineLive, errorEnvelope, fromCause, redactRequest, runCommand, successEnvelope, withAutoRecover, type InvocationOptions } from "@agent-desktop/engine"
import { UnsupportedAdapter, type DesktopAdapter } from "@agent-desktop/platform"
// Static on purpose: the adapter only connects when first used, and a dynamic import here made the CommonJS engine
// bundle wrap every module lazily, which defeats tree shaking (effect's Schema, Cron, ... came along: +76 KB).
import { LinuxAdapter } from "@agent-desktop/platform-linux"
import { Effect, References, type Layer } from "effect"
import type { EngineRequest, NativeEnvelope } from "./EngineRequest.js"

/** `warm`: a long-lived host's adapter, which listens to AT-SPI events to keep unchanged windows' reads. */
export const platformAdapter = (warm = false): Layer.Layer<DesktopAdapter, unknown> =>
  process.platform === "linux" ? (warm ? LinuxAdapter.warmLayer : LinuxAdapter.layer) : UnsupportedAdapter

/** The engine's services for one state root; a one-shot call builds them per run, the warm host once. */
const engineLayer = (env: EngineRequest["env"], adapter: Layer.Layer<DesktopAdapter, unknown> | undefined, exitsAfter: boolean) => {
  const home = env["AGENT_DESKTOP_HOME"] || undefined
  return EngineLive({ adapter: adapter ?? platformAdapter(), ...(home === undefined ? {} : { home }), exitsAfterClose: exitsAfter })
}

/** One CLI request as an engine program (the services still to be provided); never fails: errors are envelopes. */
export const cliProgram = (request: EngineRequest) => {
  const { globals, env } = request
  const session = globals.session ?? (env["AGENT_DESKTOP_SESSION"] || undefined)
  const agentId = globals.agent_id ?? (env["AGENT_DESKTOP_AGENT_ID"] || undefined)
  const options: InvocationOptions = {
    headed: globals.headed,
    ...(session === undefined ? {} : { session }),
    ...(agentId === undefined ? {} : { agentId }),
    ...(globals.wait_for === undefined ? {} : { waitFor: globals.wait_for }),
    ...(globals.wait_for_gone === undefined ? {} : { waitForGone: globals.wait_for_gone }),
    ...(globals.wait_timeout === undefined ? {} : { waitTimeoutMs: globals.wait_timeout }),
    ...(globals.trace === undefined ? {} : { traceFile: globals.trace }),
    traceStrict: globals.trace_strict,
    ...(request.signal === undefined ? {} : { signal: request.signal }),
    ...(request.stream === undefined ? {} : { emit: (data: Readonly<Record<string, unknown>>) => request.stream!(successEnvelope(request.command, data) as NativeEnvelope) }),
    environment: env
  }
  if (globals.verbose) process.stderr.write(`agent-desktop: ${request.command} ${JSON.stringify(redactRequest(request.command, request.args))}\n`)
  const command = { command: request.command, args: request.args, options }
  return runCommand(command).pipe(
    Effect.flatMap((envelope) => (globals.auto_recover ? withAutoRecover(command, envelope) : Effect.succeed(envelope))),
    // stdout belongs to the envelope: every log line goes to stderr, and only with -v below warnings.
    Effect.provideService(References.LogToStderr, true),
    Effect.provideService(References.MinimumLogLevel, globals.verbose ? "Debug" : "Warn"),
    Effect.catchCause((cause) => Effect.succeed(errorEnvelope(request.command, fromCause(cause))))
  )
}

export interface RunOptions {
  /** Overrides the platform choice (tests use the UnsupportedAdapter for determinism). */
  readonly adapter?: Layer.Layer<DesktopAdapter, unknown>
  /** The caller exits the process right after (the CLI's bundled runner), so the store skips its closing checkpoint. */
  readonly exitsAfter?: boolean
}

export const runFromCli = async (request: EngineRequest, options: RunOptions = {}): Promise<NativeEnvelope> => {
  // A watch lives long and reads a window again and again: the warm adapter's event-kept reads pay off at once.
  const adapter = options.adapter ?? (request.command === "watch" ? platformAdapter(true) : undefined)
  const program = cliProgram(request).pipe(
    Effect.provide(engineLayer(request.env, adapter, options.exitsAfter === true)),
    Effect.catchCause((cause) => Effect.succeed(errorEnvelope(request.command, fromCause(cause))))
  )
  return (await Effect.runPromise(program)) as NativeEnvelope
}
