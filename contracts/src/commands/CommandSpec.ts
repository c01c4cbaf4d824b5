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
