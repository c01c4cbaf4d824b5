/** What the parser hands to the runner: typed globals plus the command's args under batch-style snake_case keys. */

export interface Globals {
  readonly verbose: boolean
  readonly headed: boolean
  readonly session?: string
  readonly agent_id?: string
  readonly trace?: string
  readonly trace_strict: boolean
  readonly auto_recover: boolean
  readonly wait_for?: string
  readonly wait_for_gone?: string
  readonly wait_timeout?: number
  readonly contract?: string
}

export type ArgValue = string | number | boolean | ReadonlyArray<string> | { readonly x: number; readonly y: number }

export type ParseOutcome =
  | { readonly kind: "help"; readonly command?: string }
  | { readonly kind: "version-text" }
  | {
    /** `agent-desktop schema`: print a schema document, not an envelope. */
    readonly kind: "schema"
    readonly strict: boolean
    readonly wave?: string
    readonly globals: Globals
  }
  | {
    readonly kind: "command"
    readonly command: string
    readonly args: Readonly<Record<string, ArgValue>>
    readonly globals: Globals
  }
  | {
    readonly kind: "error"
    /** The command name when the parser got that far, else "unknown". */
    readonly command: string
    readonly message: string
    readonly suggestion?: string
    /** Globals read before the failure: `--contract` still selects the error's envelope version. */
    readonly globals: Globals
  }
