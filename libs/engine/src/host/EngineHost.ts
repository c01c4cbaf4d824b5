/**
 * The one way a process runs the engine: the CLI's one-shot call, the warm host's engine process, the MCP server
 * and wave all come through here. This module chooses the platform's adapter, builds the engine's services (store
 * and adapter) for the caller's state root, runs a call (runCommand, then `--auto-recover` when asked), sends the
 * engine's logs to stderr (warnings and worse; debug too with `verbose`), and turns any failure, the services
 * failing to build included, into the call's error envelope. A call always ends in an envelope.
 *
 * Two lifetimes: `makeEngineHost` keeps one runtime for every call (the store open, the D-Bus connection and the
 * adapter warm), for long-lived processes; `runOnce` builds the services for one call and releases them (the CLI,
 * which exits right after).
 */
import { type DesktopAdapter, UnsupportedAdapter } from "@agent-desktop/platform"
import { Effect, Exit, type Layer, ManagedRuntime, References } from "effect"
import { withAutoRecover } from "../autoRecover.js"
import type { CommandRequest } from "../CommandRequest.js"
import { EngineLive } from "../EngineLive.js"
import { type Envelope, toErrorEnvelope } from "../Envelope.js"
import { fromCause } from "../errors/fromCause.js"
import { runCommand } from "../runCommand.js"

/**
 * A platform's adapter for a process (platform-linux's `forProcess`): `warm` for a long-lived one, whose adapter
 * listens to the desktop's events to keep unchanged windows' reads.
 */
export type AdapterFactory = (options: { readonly warm: boolean }) => Layer.Layer<DesktopAdapter, unknown>

/** The adapter factory of each platform the caller ships; on any other platform, the UnsupportedAdapter. */
export interface Platforms {
  readonly linux?: AdapterFactory
}

export interface EngineHostOptions {
  /** The caller's environment: `AGENT_DESKTOP_HOME` chooses the state root (absent or empty: `~/.agent-desktop`). */
  readonly env: Readonly<Record<string, string | undefined>>
  readonly platforms: Platforms
  /** A long-lived process (the warm host's engine, the MCP server): see AdapterFactory. */
  readonly warm: boolean
  /** Replaces the platform's adapter (tests: the UnsupportedAdapter, a scripted one). */
  readonly adapter?: Layer.Layer<DesktopAdapter, unknown>
}

/** One command to run, and how: what every caller maps its own input (argv, a tool call) to. */
export interface EngineCall extends CommandRequest {
  /** On a failure whose retry is safe, run its recovery once (Recovery.ts). */
  readonly autoRecover?: boolean
  /** Debug logs on stderr too (the CLI's `-v`). */
  readonly verbose?: boolean
}

const platformOf = (platform: NodeJS.Platform): keyof Platforms | undefined => (platform === "linux" ? "linux" : undefined)

const adapterOf = (options: EngineHostOptions): Layer.Layer<DesktopAdapter, unknown> => {
  if (options.adapter !== undefined) return options.adapter
  const platform = platformOf(process.platform)
  const factory = platform === undefined ? undefined : options.platforms[platform]
  return factory === undefined ? UnsupportedAdapter : factory({ warm: options.warm })
}

/** The engine's services for the caller's state root. */
const servicesOf = (options: EngineHostOptions, exitsAfterClose: boolean) => {
  const home = options.env["AGENT_DESKTOP_HOME"] || undefined
  return EngineLive({ adapter: adapterOf(options), ...(home === undefined ? {} : { home }), ...(exitsAfterClose ? { exitsAfterClose } : {}) })
}

/** The failure of a call (or of building the services it needed) as its error envelope. */
const failed = (command: string) => (cause: Parameters<typeof fromCause>[0]): Envelope => toErrorEnvelope(command, fromCause(cause))

/** One call as a program over the engine's services; never fails. */
export const callProgram = (call: EngineCall) => {
  const request: CommandRequest = {
    command: call.command,
    ...(call.args === undefined ? {} : { args: call.args }),
    ...(call.options === undefined ? {} : { options: call.options })
  }
  return runCommand(request).pipe(
    Effect.flatMap((envelope) => (call.autoRecover === true ? withAutoRecover(request, envelope) : Effect.succeed(envelope))),
    // stdout belongs to the caller's output (an envelope, MCP messages, wave's format): logs go to stderr.
    Effect.provideService(References.LogToStderr, true),
    Effect.provideService(References.MinimumLogLevel, call.verbose === true ? "Debug" : "Warn"),
    Effect.catchCause((cause) => Effect.succeed(failed(call.command)(cause)))
  )
}

export interface EngineHost {
  readonly run: (call: EngineCall) => Promise<Envelope>
  /** Builds the services now (opening the store, which creates or refuses the state root); false if that failed. */
  readonly build: () => Promise<boolean>
  readonly dispose: () => Promise<void>
}

/** A long-lived engine: the services are built once (on the first call or `build`) and shared by every call. */
export const makeEngineHost = (options: EngineHostOptions): EngineHost => {
  const runtime = ManagedRuntime.make(servicesOf(options, false))
  return {
    run: async (call) => {
      const exit = await runtime.runPromiseExit(callProgram(call))
      return Exit.isSuccess(exit) ? exit.value : failed(call.command)(exit.cause)
    },
    build: async () => Exit.isSuccess(await runtime.runPromiseExit(Effect.void)),
    dispose: () => runtime.dispose()
  }
}

/**
 * One call with services of its own, released when it ends. `exitsAfterClose`: the process exits right after, so
 * the store skips its closing checkpoint (a one-shot CLI call).
 */
export const runOnce = (call: EngineCall, options: EngineHostOptions & { readonly exitsAfterClose?: boolean }): Promise<Envelope> =>
  Effect.runPromise(callProgram(call).pipe(
    Effect.provide(servicesOf(options, options.exitsAfterClose === true)),
    Effect.catchCause((cause) => Effect.succeed(failed(call.command)(cause)))
  ))
