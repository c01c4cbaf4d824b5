import type { Args } from "./args/Args.js"

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
  /**
   * The caller's environment, for what a command starts (launch: the app's environment, its PATH and desktop ids).
   * The CLI passes its own; a warm host passes its client's, so an app it launches gets the caller's environment,
   * not the host's. Absent: this process's.
   */
  readonly environment?: Readonly<Record<string, string | undefined>>
  /**
   * Nothing on disk may change but the store (an MCP server's `--read-only`): a caller-named file (screenshot PATH,
   * `--trace`, `trace export`, a clipboard image) is refused with POLICY_DENIED `read_only`, and a session's
   * screenshot and refmap artifacts are skipped. Batch entries inherit it.
   */
  readonly readOnly?: boolean
  /**
   * The only commands this caller may run (an MCP server's `--tools`, its read-only set); absent: every command.
   * Any other is refused with POLICY_DENIED `command_not_allowed` before it runs, a batch before any entry runs when
   * one entry names another. Batch entries inherit it.
   */
  readonly allowedCommands?: ReadonlyArray<string>
}

/** One command to run: what `runCommand` takes, and what a batch entry or a recovery retry hands back to it. */
export interface CommandRequest {
  /** Kebab-case command name, as on the command line (`click`, `list-apps`, `session`). */
  readonly command: string
  /** snake_case args, as in the reference's batch entries (`ref_id`, `app`, `interactive_only`, `text`). */
  readonly args?: Args
  readonly options?: InvocationOptions
}
