/** What the CLI's front end hands the engine side, and what it gets back (main.ts ↔ engineRunner/runEngine). */
import type { Envelope } from "@agent-desktop/domain"
import type { ArgValue, Globals } from "./parser/ParsedCommand.js"

/** A native-version envelope as the engine returns it (the domain's one envelope type); converted to the requested version only at the edge. */
export type NativeEnvelope = Envelope

export interface EngineRequest {
  readonly command: string
  readonly args: Readonly<Record<string, ArgValue>>
  readonly globals: Globals
  readonly env: Readonly<Record<string, string | undefined>>
  /** Aborted on SIGINT/SIGTERM/SIGHUP (reason: the signal's name); the engine stops and still returns an envelope. */
  readonly signal?: AbortSignal
}

export type EngineRunner = (request: EngineRequest) => Promise<NativeEnvelope>
