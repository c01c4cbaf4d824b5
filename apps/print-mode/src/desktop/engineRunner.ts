// The desktop tools run in-process through the engine: one ManagedRuntime (platform adapter + event store) for the
// whole run, so the D-Bus connection is opened once. With --auto-recover, a failure whose disposition is safe and
// whose recovery is automatic is retried by the engine's Recovery before the model sees it.
import type { DesktopEnvelope, DesktopToolRunner } from "@agent-desktop/agent"
import { errorEnvelope as domainErrorEnvelope } from "@agent-desktop/domain"
import { EngineLive, errorEnvelope, fromCause, runCommand, withAutoRecover, type CommandRequest } from "@agent-desktop/engine"
import { type DesktopAdapter, UnsupportedAdapter } from "@agent-desktop/platform"
import { Effect, type Layer, ManagedRuntime } from "effect"

export interface EngineRunner {
  readonly run: DesktopToolRunner
  readonly dispose: () => Promise<void>
}

const adapterLayer = async (): Promise<Layer.Layer<DesktopAdapter, unknown>> => {
  if (process.platform !== "linux") return UnsupportedAdapter
  const linux = await import("@agent-desktop/platform-linux")
  return linux.LinuxAdapter.layer
}

export const engineRunner = async (env: NodeJS.ProcessEnv): Promise<EngineRunner> => {
  const home = env["AGENT_DESKTOP_HOME"] || undefined
  const runtime = ManagedRuntime.make(EngineLive({ adapter: await adapterLayer(), ...(home === undefined ? {} : { home }) }))
  const run: DesktopToolRunner = (request) => {
    // The tool call's abort (wave's signal, a killed background task) reaches the engine as its AbortSignal, not as
    // an interruption: the command then stops waiting, folds its evidence and ends its invocation in the store.
    const program = (signal: AbortSignal) => {
      const command: CommandRequest = {
        command: request.command,
        args: request.args,
        options: {
          headed: request.options.headed ?? false,
          ...(request.options.session === undefined ? {} : { session: request.options.session }),
          signal
        }
      }
      return runCommand(command).pipe(
        Effect.flatMap((envelope) => (request.options.autoRecover === true ? withAutoRecover(command, envelope) : Effect.succeed(envelope))),
        Effect.catchCause((cause) => Effect.succeed(errorEnvelope(request.command, fromCause(cause))))
      )
    }
    return Effect.tryPromise((signal) => runtime.runPromise(program(signal))).pipe(
      Effect.map((envelope) => envelope as unknown as DesktopEnvelope),
      // runCommand never fails, so a rejection is the engine's layer (adapter, store) failing to build: nothing ran.
      Effect.catch((error) =>
        Effect.succeed<DesktopEnvelope>(domainErrorEnvelope(request.command, {
          code: "INTERNAL",
          message: `The desktop engine failed to start: ${String(error)}`,
          delivery: "not_delivered"
        }))
      )
    )
  }
  return { run, dispose: () => runtime.dispose() }
}
