import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore, StoreError } from "@agent-desktop/store"
import { Context, type Effect } from "effect"
import type { Envelope } from "./Envelope.js"
import type { CommandRequest } from "./runCommand.js"

/** One event of an invocation's stream, appended to the store as it happens (journal/Journal.ts), payload redacted. */
export interface InvocationEvent {
  readonly type: string
  readonly ts_ms: number
  readonly payload: Readonly<Record<string, unknown>>
}

/** Per-invocation options a caller (the CLI's globals, wave's tool call) sets; every field optional. */
export interface InvocationOptions {
  readonly headed?: boolean
  /** Snapshot namespace + trace target; `AGENT_DESKTOP_SESSION` is resolved by the caller. */
  readonly session?: string
  readonly agentId?: string
  readonly waitFor?: string
  readonly waitForGone?: string
  readonly waitTimeoutMs?: number
  /** `--trace PATH`: also append this invocation's events as JSONL to that file. */
  readonly traceFile?: string
  /** `--trace-strict`: a trace file that cannot be opened fails the command before anything is sent. */
  readonly traceStrict?: boolean
  /**
   * Aborted by the caller (the CLI on SIGINT/SIGTERM/SIGHUP, with the signal's name as the reason): the command stops
   * waiting, folds what it has proven and returns its envelope.
   */
  readonly signal?: AbortSignal
}

/**
 * The invocation being run: its id, options and the evidence events it has produced so far. Handlers record
 * through `record`, which writes ahead to the store (journal/Journal.ts); `ensureDurable` is asked right before
 * anything is sent to an app.
 */
export class Invocation extends Context.Service<Invocation, {
  readonly id: string
  readonly command: string
  readonly options: InvocationOptions
  /** Store namespace for snapshots: the session id, or "global". */
  readonly namespace: string
  readonly record: (type: string, payload: Readonly<Record<string, unknown>>) => void
  readonly events: () => ReadonlyArray<InvocationEvent>
  /** Undefined when every event so far is on disk; else the store failure that keeps them in memory only. */
  readonly ensureDurable: () => StoreError | undefined
  /**
   * Runs another command as its own full invocation (batch entries). It is runCommand itself, handed over here so
   * handlers need not import it: runCommand -> registry -> batch -> runCommand would be an import cycle, and a
   * dynamic import instead made every module lazily initialised in the CLI's single-file engine bundle, which
   * defeats tree shaking.
   */
  readonly runNested: (request: CommandRequest) => Effect.Effect<Envelope, never, DesktopAdapter | EventStore>
}>()("@agent-desktop/engine/Invocation") {}
