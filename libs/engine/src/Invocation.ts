import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore, StoreError } from "@agent-desktop/store"
import { Context, type Effect } from "effect"
import type { Envelope } from "./Envelope.js"
import type { CommandRequest, InvocationOptions } from "./CommandRequest.js"

/** One event of an invocation's stream, appended to the store as it happens (journal/Journal.ts), payload redacted. */
export interface InvocationEvent {
  readonly type: string
  readonly ts_ms: number
  readonly payload: Readonly<Record<string, unknown>>
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
