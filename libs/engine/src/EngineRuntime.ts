import type { DesktopAdapter } from "@agent-desktop/platform"
import { Effect, Exit, type Layer, ManagedRuntime } from "effect"
import { EngineLive } from "./EngineLive.js"
import { errorEnvelope, type Envelope } from "./Envelope.js"
import { fromCause } from "./errors/fromCause.js"

type Services = Layer.Success<ReturnType<typeof EngineLive>>

/**
 * One engine runtime for a long-lived host (the MCP server, the warm CLI host): the store and the adapter are
 * built once and shared by every command run through it. A run always ends in an envelope: a failure to build the
 * runtime (a state root refused, no platform) or any other failure is an error envelope for that command.
 */
export const makeEngineRuntime = (adapter: Layer.Layer<DesktopAdapter, unknown>, home: string | undefined) => {
  const runtime = ManagedRuntime.make(EngineLive({ adapter, ...(home === undefined ? {} : { home }) }))
  const run = async <E>(command: string, program: Effect.Effect<Envelope, E, Services>): Promise<Envelope> => {
    const exit = await runtime.runPromiseExit(program)
    return Exit.isSuccess(exit) ? exit.value : errorEnvelope(command, fromCause(exit.cause))
  }
  /** Builds the runtime now (opening the store) instead of on the first run; false if that failed. */
  const build = async (): Promise<boolean> => Exit.isSuccess(await runtime.runPromiseExit(Effect.void))
  return { run, build, dispose: () => runtime.dispose() }
}

export type EngineRuntime = ReturnType<typeof makeEngineRuntime>
