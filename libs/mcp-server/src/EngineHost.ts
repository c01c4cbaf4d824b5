/**
 * The engine, in-process, for the server's whole life: a long-lived engine host (libs/engine host/EngineHost.ts:
 * one runtime, event store + warm platform adapter), so the D-Bus connection and the store are opened once, not
 * per tool call. Each call is one engine invocation, with the
 * same evidence, trace and disposition rules as the CLI; an abort (MCP cancellation, the client going away) reaches
 * the engine as the CLI's signals do, and still ends in an envelope that says what was delivered.
 */
import type { Envelope } from "@agent-desktop/domain"
import { makeEngineHost as engineHost } from "@agent-desktop/engine"
import type { DesktopAdapter } from "@agent-desktop/platform"
import { forProcess } from "@agent-desktop/platform-linux"
import type { Layer } from "effect"

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
  readonly run: (call: EngineCall) => Promise<Envelope>
  readonly dispose: () => Promise<void>
}

export const makeEngineHost = async (
  env: Readonly<Record<string, string | undefined>>,
  adapter?: Layer.Layer<DesktopAdapter, unknown>
): Promise<EngineHost> => {
  // A server lives long: its adapter listens to AT-SPI events, which keep unchanged windows' reads (TreeMirror).
  const engine = engineHost({ env, platforms: { linux: forProcess }, warm: true, ...(adapter === undefined ? {} : { adapter }) })
  const run = (call: EngineCall): Promise<Envelope> =>
    engine.run({
      command: call.command,
      args: call.args,
      options: {
        headed: call.headed,
        ...(call.session === undefined ? {} : { session: call.session }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
        ...(call.readOnly === true ? { readOnly: true } : {}),
        ...(call.allowedCommands === undefined ? {} : { allowedCommands: call.allowedCommands })
      }
    })
  return { run, dispose: engine.dispose }
}
