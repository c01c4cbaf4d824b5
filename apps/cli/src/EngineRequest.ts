/** What the CLI's front end hands the engine side, and what it gets back (main.ts ↔ engineRunner/runEngine). */
import type { ArgValue, Globals } from "./parser/ParsedCommand.js"

/** A native-version envelope as the engine returns it; converted to the requested version only at the edge. */
export type NativeEnvelope = Readonly<Record<string, unknown>> & { readonly ok: boolean; readonly command: string }

export interface EngineRequest {
  readonly command: string
  readonly args: Readonly<Record<string, ArgValue>>
  readonly globals: Globals
  readonly env: Readonly<Record<string, string | undefined>>
  /** Aborted on SIGINT/SIGTERM/SIGHUP (reason: the signal's name); the engine stops and still returns an envelope. */
  readonly signal?: AbortSignal
}

export type EngineRunner = (request: EngineRequest) => Promise<NativeEnvelope>
