/**
 * The parser's view of the command spec. Every command, positional and flag comes from the generated manifest of
 * `@agent-desktop/contracts/commands` (import-free, so `version` and argument errors still load nothing heavy);
 * nothing about the command line is written here.
 */
import {
  COMMAND_NAMES as NAMES,
  COMMANDS as MANIFEST_COMMANDS,
  GLOBAL_FLAGS as MANIFEST_GLOBAL_FLAGS,
  type ManifestCommand,
  type ManifestFlag,
  type ManifestPositional
} from "@agent-desktop/contracts/commands"

export type CommandSpec = ManifestCommand
export type FlagSpec = ManifestFlag
export type PositionalSpec = ManifestPositional

export const COMMANDS: Readonly<Record<string, CommandSpec>> = MANIFEST_COMMANDS
export const GLOBAL_FLAGS: Readonly<Record<string, FlagSpec>> = MANIFEST_GLOBAL_FLAGS
export const COMMAND_NAMES: ReadonlyArray<string> = NAMES

/** Sub-actions of the commands that take one as their first positional. */
export const SUB_ACTIONS: Readonly<Record<string, ReadonlyArray<string>>> = Object.fromEntries(
  Object.entries(COMMANDS).flatMap(([name, spec]) => (spec.subActions === undefined ? [] : [[name, spec.subActions]]))
)

export const SURFACE_KINDS: ReadonlyArray<string> = COMMANDS["snapshot"]?.flags["surface"]?.schema.enum ?? []
