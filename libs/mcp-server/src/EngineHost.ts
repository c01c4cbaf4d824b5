/**
 * The engine, in-process, for the server's whole life: one ManagedRuntime (event store + platform adapter), so the
 * D-Bus connection and the store are opened once, not per tool call. Each call is one engine invocation, with the
 * same evidence, trace and disposition rules as the CLI; an abort (MCP cancellation, the client going away) reaches
 * the engine as the CLI's signals do, and still ends in an envelope that says what was delivered.
 */
import { makeEngineRuntime, runCommand } from "@agent-desktop/engine"
import { type DesktopAdapter, UnsupportedAdapter } from "@agent-desktop/platform"
import { Effect, type Layer, References } from "effect"

/** A native-version envelope as the engine returns it. */
export type NativeEnvelope = Readonly<Record<string, unknown>> & { readonly ok: boolean; readonly command: string }

export interface EngineCall {
  readonly command: string
  readonly args: Readonly<Record<string, unknown>>
  readonly headed: boolean
  readonly session?: string
  readonly signal?: AbortSignal
  /** The server's `--read-only`: nothing on disk changes but the store (engine InvocationOptions.readOnly). */
  readonly readOnly?: boolean
  /** The commands this server offers, when `--tools` or `--read-only` limits them: a batch may run no other. */
  readonly allowedCommands?: ReadonlyArray<string>
}

export interface EngineHost {
  readonly run: (call: EngineCall) => Promise<NativeEnvelope>
  readonly dispose: () => Promise<void>
}

const platformAdapter = async (): Promise<Layer.Layer<DesktopAdapter, unknown>> => {
  if (process.platform !== "linux") return UnsupportedAdapter
  const linux = await import("@agent-desktop/platform-linux")
  // A server lives long: it listens to AT-SPI events, which keep unchanged windows' reads (TreeMirror).
  return linux.LinuxAdapter.warmLayer
}

export const makeEngineHost = async (
  env: Readonly<Record<string, string | undefined>>,
  adapter?: Layer.Layer<DesktopAdapter, unknown>
): Promise<EngineHost> => {
  const engine = makeEngineRuntime(adapter ?? await platformAdapter(), env["AGENT_DESKTOP_HOME"] || undefined)
  const run = async (call: EngineCall): Promise<NativeEnvelope> => {
    const program = runCommand({
      command: call.command,
      args: call.args as never,
      options: {
        headed: call.headed,
        ...(call.session === undefined ? {} : { session: call.session }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
        ...(call.readOnly === true ? { readOnly: true } : {}),
        ...(call.allowedCommands === undefined ? {} : { allowedCommands: call.allowedCommands })
      }
    }).pipe(
      // stdout carries protocol messages only: every log line goes to stderr, warnings and worse.
      Effect.provideService(References.LogToStderr, true),
      Effect.provideService(References.MinimumLogLevel, "Warn")
    )
    return (await engine.run(call.command, program)) as NativeEnvelope
  }
  return { run, dispose: engine.dispose }
}
