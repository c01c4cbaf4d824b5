import type { TSchema } from "typebox"
import type { ContractVersion } from "../vocabulary/ContractVersion.js"

/** What a command does to the desktop; skills tables, help and the MCP tool list group by it. */
export type CommandCategory =
  | "observation"
  | "ref-action"
  | "keyboard"
  | "mouse"
  | "clipboard"
  | "app-window"
  | "notification"
  | "system"

/**
 * Headed requirement: `required` = physical input only (POLICY_DENIED without `--headed`); `optional` = `--headed`
 * adds a focus/cursor precondition; `none` = accessibility calls only.
 */
export type HeadedRequirement = "none" | "optional" | "required"

/**
 * Support per platform: `supported`; `not_implemented` = answers PLATFORM_NOT_SUPPORTED (nothing sent);
 * `not_applicable` = the platform has no such thing: PLATFORM_NOT_SUPPORTED with the spec's `refusal` for that
 * platform as the message (nothing sent); `fail_closed` = refuses by design on every platform (ACTION_NOT_SUPPORTED).
 */
export type SupportStatus = "supported" | "not_implemented" | "not_applicable" | "fail_closed"
export type Platform = "linux" | "macos" | "windows"

/**
 * How the command line spells a flag's value, derived from its schema unless stated: boolean = a switch, array = a
 * repeatable flag, `{x, y}` = `X,Y`; `optional-value` = the value may be left out (launch `--cdp [PORT]`).
 */
export type FlagSyntax = "switch" | "value" | "list" | "xy" | "optional-value"

export interface FlagSpec<S extends TSchema = TSchema> {
  /** The value's TypeBox type, carrying `description`, `default` (when the command has one) and constraints. */
  readonly schema: S
  readonly short?: string
  readonly syntax?: FlagSyntax
  /**
   * The value an agent host (the MCP server's agent profile) uses when the agent leaves the flag out, where the
   * command's own default suits a script but not an agent (snapshot: refs only, wrappers collapsed).
   */
  readonly agentDefault?: boolean | number | string
  /** Left out of agent tool lists (MCP), still accepted: an agent has no use for it (a legacy input form). */
  readonly agentHidden?: boolean
}

export interface PositionalSpec<S extends TSchema = TSchema> {
  /** snake_case key in the parsed args (the same keys batch entries and wave's tools use). */
  readonly key: string
  readonly schema: S
  readonly required: boolean
  /** The value may start with `-` (type TEXT, clipboard-set TEXT, batch JSON). */
  readonly allowDash?: boolean
}

/** The `data` schema of a command from the version where it (last) changed; later versions inherit it. */
export type DataByVersion = Readonly<Partial<Record<ContractVersion, TSchema>>>

/** The 2.4 -> 2.5 OperationReport migration of one command (what it printed before and what it echoes). */
export interface OperationReportSpec {
  readonly target: "pointer" | "drag" | "clipboard" | "app" | "window"
  readonly flags: ReadonlyArray<string>
  readonly echoed: ReadonlyArray<string>
}

/**
 * The agent tool a command is one choice of, where commands that differ by one argument are offered as one tool
 * (`window` with `action: move`): `tool` names the group (agentGroups.ts), `value` is this command's value of the
 * group's key; `default` marks the command chosen when the key is left out.
 */
export interface AgentGroupMember {
  readonly tool: string
  readonly value: string
  readonly default?: boolean
}

/**
 * How `trace replay` treats a recorded invocation of a command (a command without it is not recorded for replay):
 * an `action` runs again through the normal command path, its elements found by their recorded identity; a `check`
 * (an observation) runs again and is compared with what the recording saw; `lifecycle` is not repeated (a replay acts
 * on the apps that run now); `refused` has nothing a replay can find again (a screen point, a notification's index),
 * so a recording that holds one is refused before anything is sent, with `reason`. `refusedWhen` refuses an action
 * or a check given some arguments: when every arg in `present` was given and, if `absent` lists any, one of them was
 * not (args by their snake_case keys).
 */
export type ReplaySpec =
  | {
    readonly as: "action" | "check" | "lifecycle"
    readonly refusedWhen?: {
      readonly present?: ReadonlyArray<string>
      readonly absent?: ReadonlyArray<string>
      readonly reason: string
    }
  }
  | { readonly as: "refused"; readonly reason: string }

/** One command, described once. Everything else (parser, help, tools, registry, vocabulary) is derived from it. */
export interface CommandSpec {
  readonly name: string
  readonly summary: string
  /** Longer text for help and agent tools; defaults to the summary. */
  readonly description?: string
  readonly category: CommandCategory
  readonly headed: HeadedRequirement
  readonly support: Readonly<Record<Platform, SupportStatus>>
  /** Why the command is `not_applicable` on a platform: the refusal's message, one sentence. */
  readonly refusal?: Readonly<Partial<Record<Platform, string>>>
  readonly positionals: ReadonlyArray<PositionalSpec>
  readonly flags: Readonly<Record<string, FlagSpec>>
  /** Sub-actions taken as the first positional (`session start`). */
  readonly subActions?: ReadonlyArray<string>
  /** Accepts post-action `--wait-for` / `--wait-for-gone`. */
  readonly waitFor?: boolean
  /** Offered to wave's model as a tool. */
  readonly agentTool?: boolean
  /** When an agent should use the command, one sentence for agent tool lists (MCP); defaults to the summary. */
  readonly use?: string
  /** Offered to agents as one choice of a merged tool (MCP); otherwise the command is a tool of its own. */
  readonly agentGroup?: AgentGroupMember
  /** Reads its state back after one delivery attempt (2.4). */
  readonly stateful?: boolean
  /**
   * Acts only on an enabled element: a disabled target is resolved again until it is enabled or `--timeout-ms` is
   * spent, then refused before anything is sent (ACTION_FAILED, the failed check in details).
   */
  readonly needsEnabled?: boolean
  /** Saves a snapshot whose refs later commands name (`data.snapshot_id`); artifacts "full" copy it to the session. */
  readonly savesSnapshot?: boolean
  /**
   * Sends nothing to any app and changes no window, clipboard or process: an observation. The MCP server's
   * read-only mode offers only these, and marks them `readOnlyHint`.
   */
  readonly readOnly?: boolean
  /** What `trace replay` does with a recorded invocation (ReplaySpec). */
  readonly replay?: ReplaySpec
  readonly operationReport?: OperationReportSpec
  /** The reference leaves the data shape unconfirmed; it stays an open object. */
  readonly unconfirmed?: boolean
  readonly data: DataByVersion
}

/** Keeps the literal types of an entry (so data schemas stay precise for `Static`). */
export const defineCommand = <const C extends CommandSpec>(spec: C): C => spec

const DESCENDING = {
  "2.1": ["2.1"],
  "2.2": ["2.2", "2.1"],
  "2.3": ["2.3", "2.2", "2.1"],
  "2.4": ["2.4", "2.3", "2.2", "2.1"],
  "2.5": ["2.5", "2.4", "2.3", "2.2", "2.1"],
  "2.6": ["2.6", "2.5", "2.4", "2.3", "2.2", "2.1"],
  "2.7": ["2.7", "2.6", "2.5", "2.4", "2.3", "2.2", "2.1"]
} as const satisfies Record<ContractVersion, ReadonlyArray<ContractVersion>>

type FirstDefined<D, L> = L extends readonly [infer H, ...infer R]
  ? H extends keyof D ? D[H] extends TSchema ? D[H] : FirstDefined<D, R> : FirstDefined<D, R>
  : never

/** The data schema a command has in version V (its newest definition at or before V). */
export type DataAt<D, V extends ContractVersion> = FirstDefined<D, (typeof DESCENDING)[V]>

export const dataAt = (data: DataByVersion, version: ContractVersion): TSchema | undefined => {
  for (const candidate of DESCENDING[version]) {
    const schema = data[candidate]
    if (schema !== undefined) return schema
  }
  return undefined
}

export const ALL_PLATFORMS = (status: SupportStatus): Readonly<Record<Platform, SupportStatus>> =>
  ({ linux: status, macos: status, windows: status })

/** Linux only, for now; macOS and Windows adapters do not exist yet. */
export const LINUX = (status: SupportStatus): Readonly<Record<Platform, SupportStatus>> =>
  ({ linux: status, macos: "not_implemented", windows: "not_implemented" })
