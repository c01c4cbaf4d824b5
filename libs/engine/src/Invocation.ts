import { Context } from "effect"

/** One event of an invocation's stream, appended to the store when the command ends. */
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
}

/**
 * The invocation being run: its id, options and the evidence events it has produced so far. Handlers record
 * through `record`; runCommand appends everything to the store once, at the end, in order.
 */
export class Invocation extends Context.Service<Invocation, {
  readonly id: string
  readonly command: string
  readonly options: InvocationOptions
  /** Store namespace for snapshots: the session id, or "global". */
  readonly namespace: string
  readonly record: (type: string, payload: Readonly<Record<string, unknown>>) => void
  readonly events: () => ReadonlyArray<InvocationEvent>
}>()("@agent-desktop/engine/Invocation") {}
