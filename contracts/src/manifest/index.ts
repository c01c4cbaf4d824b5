// The command spec as plain data (generated from src/commands/), for readers that must not load TypeBox: the CLI
// parser and help, wave's tool list, other-language clients. `@agent-desktop/contracts/commands`.
import type { FlagDefault } from "./ArgsOf.js"
import { COMMAND_MANIFEST } from "./commands.generated.js"

export { COMMAND_MANIFEST }
export { COMMAND_NAMES, isCommandName, type ManifestCommandName } from "../vocabulary/Commands.js"
export type { ArgsOf, ArgValue, FlagDefault } from "./ArgsOf.js"

/** The JSON Schema subset the command spec uses for argument values. */
export interface ArgSchema {
  readonly type?: string
  readonly description?: string
  readonly default?: unknown
  readonly enum?: ReadonlyArray<string>
  readonly minimum?: number
  readonly maximum?: number
  readonly maxLength?: number
  readonly pattern?: string
  readonly items?: ArgSchema
  readonly properties?: Readonly<Record<string, ArgSchema>>
  readonly required?: ReadonlyArray<string>
}

export type FlagSyntax = "switch" | "value" | "list" | "xy" | "optional-value"

export interface ManifestFlag {
  readonly short?: string
  readonly syntax: FlagSyntax
  readonly schema: ArgSchema
}

export interface ManifestPositional {
  readonly key: string
  readonly required: boolean
  readonly allowDash?: boolean
  readonly schema: ArgSchema
}

export interface ManifestCommand {
  readonly summary: string
  readonly description: string
  readonly category: string
  readonly headed: "none" | "optional" | "required"
  readonly support: Readonly<Record<"linux" | "macos" | "windows", "supported" | "not_implemented" | "not_applicable" | "fail_closed">>
  readonly refusal?: Readonly<Partial<Record<"linux" | "macos" | "windows", string>>>
  readonly positionals: ReadonlyArray<ManifestPositional>
  readonly flags: Readonly<Record<string, ManifestFlag>>
  readonly subActions?: ReadonlyArray<string>
  readonly waitFor?: boolean
  readonly agentTool?: boolean
  readonly stateful?: boolean
  readonly needsEnabled?: boolean
  readonly savesSnapshot?: boolean
  readonly readOnly?: boolean
  readonly unconfirmed?: boolean
  readonly dataVersions: ReadonlyArray<string>
}

export const COMMANDS: Readonly<Record<string, ManifestCommand>> = COMMAND_MANIFEST.commands
export const GLOBAL_FLAGS: Readonly<Record<string, ManifestFlag>> = COMMAND_MANIFEST.globalFlags

export const commandEntry = (name: string): ManifestCommand | undefined =>
  Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined

/** snake_case key of a flag in parsed args (the keys batch entries and tools use). */
export const argKey = (flag: string): string => flag.replace(/-/g, "_")

/** An agent tool's name for a command (`list-apps` -> `list_apps`). */
export const toolName = (command: string): string => command.replace(/-/g, "_")

/**
 * JSON Schema of a command's arguments as one object (snake_case keys): what an agent tool or an MCP tool takes.
 * Required positionals are required; nothing else is.
 */
export const argumentsSchema = (command: ManifestCommand): {
  readonly type: "object"
  readonly properties: Readonly<Record<string, ArgSchema>>
  readonly required: ReadonlyArray<string>
  readonly additionalProperties: false
} => ({
  type: "object",
  properties: {
    ...Object.fromEntries(command.positionals.map((positional) => [positional.key, positional.schema])),
    ...Object.fromEntries(Object.entries(command.flags).map(([name, flag]) => [argKey(name), flag.schema]))
  },
  required: command.positionals.filter((positional) => positional.required).map((positional) => positional.key),
  additionalProperties: false
})

type Commands = (typeof COMMAND_MANIFEST)["commands"]

/**
 * The spec's default of a command's flag, for code that needs the same value outside that command's arguments
 * (the snapshot budget an action's `--wait-for` polls with). A command's own arguments arrive with their defaults.
 */
export const flagDefault = <K extends keyof Commands & string, F extends keyof Commands[K]["flags"] & string>(command: K, flag: F): FlagDefault<K, F> =>
  (COMMAND_MANIFEST.commands[command].flags as Readonly<Record<string, ManifestFlag>>)[flag]!.schema.default as FlagDefault<K, F>

type GlobalFlags = (typeof COMMAND_MANIFEST)["globalFlags"]

/** The spec's default of a global flag (`--wait-timeout`). */
export const globalFlagDefault = <F extends keyof GlobalFlags & string>(flag: F): GlobalFlags[F] extends { readonly schema: { readonly default: infer D } } ? D : never =>
  (COMMAND_MANIFEST.globalFlags as Readonly<Record<string, ManifestFlag>>)[flag]!.schema.default as never
