/**
 * The engine side of the CLI, loaded only for commands that need it: the CLI's request (parsed argv, globals, the
 * caller's environment) as an engine call, run through the engine host (libs/engine host/EngineHost.ts) once here,
 * or by the warm host's engine process (host/EngineProcess.ts) on its long-lived host.
 */
import { type EngineCall, type InvocationOptions, type Platforms, redactRequest, runOnce, successEnvelope } from "@agent-desktop/engine"
import type { DesktopAdapter } from "@agent-desktop/platform"
// Static on purpose: the adapter only connects when first used, and a dynamic import here made the CommonJS engine
// bundle wrap every module lazily, which defeats tree shaking (effect's Schema, Cron, ... came along: +76 KB).
import { forProcess } from "@agent-desktop/platform-linux"
import type { Layer } from "effect"
import type { EngineRequest, NativeEnvelope } from "./EngineRequest.js"
import { withNativeClientStatus } from "./host/NativeClientPresence.js"

/** The platforms this binary ships an adapter for. */
export const PLATFORMS: Platforms = { linux: forProcess }

/** A CLI request as an engine call: the globals (and their environment fallbacks) as the invocation's options. */
export const cliCall = (request: EngineRequest): EngineCall => {
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
  return { command: request.command, args: request.args, options, autoRecover: globals.auto_recover, verbose: globals.verbose }
}

export interface RunOptions {
  /** Overrides the platform choice (tests use the UnsupportedAdapter for determinism). */
  readonly adapter?: Layer.Layer<DesktopAdapter, unknown>
  /** The caller exits the process right after (the CLI's bundled runner), so the store skips its closing checkpoint. */
  readonly exitsAfter?: boolean
}

/** An engine answer as the CLI gives it: `status` also says whether this installation has its native client. */
export const cliEnvelope = (envelope: NativeEnvelope): NativeEnvelope => withNativeClientStatus(envelope, import.meta.url)

export const runFromCli = (request: EngineRequest, options: RunOptions = {}): Promise<NativeEnvelope> =>
  runOnce(cliCall(request), {
    env: request.env,
    platforms: PLATFORMS,
    // A watch lives long and reads a window again and again: the warm adapter's event-kept reads pay off at once.
    warm: request.command === "watch",
    ...(options.adapter === undefined ? {} : { adapter: options.adapter }),
    exitsAfterClose: options.exitsAfter === true
  }).then(cliEnvelope)
