import type { TSchema } from "typebox"
import type { ContractVersion } from "../vocabulary/ContractVersion.js"
import { REF_ACTIONS } from "./actions.js"
import { APPS_AND_WINDOWS, CLIPBOARD } from "./appsAndClipboard.js"
import { type CommandSpec, type DataAt, dataAt } from "./CommandSpec.js"
import { KEYBOARD, MOUSE } from "./input.js"
import { OBSERVATION } from "./observation.js"
import { NOTIFICATIONS, SYSTEM } from "./system.js"

export * from "./CommandSpec.js"
export { GLOBAL_FLAGS } from "./globalFlags.js"

/** Annotated by the groups' names: the inferred tuple is too long for the compiler to write into a declaration. */
type AllSpecs = readonly [
  ...typeof OBSERVATION, ...typeof REF_ACTIONS, ...typeof KEYBOARD, ...typeof MOUSE, ...typeof CLIPBOARD,
  ...typeof APPS_AND_WINDOWS, ...typeof NOTIFICATIONS, ...typeof SYSTEM
]
const ALL: AllSpecs = [...OBSERVATION, ...REF_ACTIONS, ...KEYBOARD, ...MOUSE, ...CLIPBOARD, ...APPS_AND_WINDOWS, ...NOTIFICATIONS, ...SYSTEM] as const

type Entry = (typeof ALL)[number]

/** Every command, keyed by its kebab-case name, in help order. The only list of commands in the project. */
export type CommandSpecs = { readonly [E in Entry as E["name"]]: E }
export const COMMAND_SPECS: CommandSpecs = Object.fromEntries(ALL.map((spec) => [spec.name, spec])) as unknown as CommandSpecs

export type SpecCommandName = keyof CommandSpecs & string

/** The `data` schema of every command defined in version V. */
export type CommandsAt<V extends ContractVersion> = {
  readonly [K in SpecCommandName as [DataAt<CommandSpecs[K]["data"], V>] extends [never] ? never : K]: DataAt<CommandSpecs[K]["data"], V>
}

export const commandsAt = <V extends ContractVersion>(version: V): CommandsAt<V> => {
  const out: Record<string, TSchema> = {}
  for (const spec of Object.values(COMMAND_SPECS) as ReadonlyArray<CommandSpec>) {
    const schema = dataAt(spec.data, version)
    if (schema !== undefined) out[spec.name] = schema
  }
  return out as CommandsAt<V>
}
