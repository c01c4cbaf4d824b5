import { argKey, COMMANDS, type ManifestCommandName } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { InvalidArgs } from "./errors/DesktopError.js"

/**
 * Typed reads of a command's args (snake_case keys, as in batch entries). Args come from the CLI parser or from
 * in-process callers such as wave, so every read checks its type and fails with INVALID_ARGS.
 */
export type Args = Readonly<Record<string, unknown>>

const wrongType = (key: string, expected: string) =>
  new InvalidArgs({ message: `Argument '${key}' must be ${expected}`, suggestion: `Pass ${key} as ${expected}` })

export const optionalString = (args: Args, key: string): Effect.Effect<string | undefined, InvalidArgs> => {
  const value = args[key]
  if (value === undefined || value === null) return Effect.succeed(undefined)
  return typeof value === "string" ? Effect.succeed(value) : Effect.fail(wrongType(key, "a string"))
}

export const requiredString = (args: Args, key: string): Effect.Effect<string, InvalidArgs> =>
  Effect.flatMap(optionalString(args, key), (value) =>
    value === undefined
      ? Effect.fail(new InvalidArgs({ message: `Missing required argument '${key}'`, suggestion: `Pass ${key}` }))
      : Effect.succeed(value))

export const optionalInt = (args: Args, key: string, options: { readonly min?: number } = {}): Effect.Effect<number | undefined, InvalidArgs> => {
  const value = args[key]
  if (value === undefined || value === null) return Effect.succeed(undefined)
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < (options.min ?? 0)) {
    return Effect.fail(wrongType(key, `an integer >= ${options.min ?? 0}`))
  }
  return Effect.succeed(value)
}

export const flag = (args: Args, key: string): Effect.Effect<boolean, InvalidArgs> => {
  const value = args[key]
  if (value === undefined || value === null) return Effect.succeed(false)
  return typeof value === "boolean" ? Effect.succeed(value) : Effect.fail(wrongType(key, "a boolean"))
}

export const stringList = (args: Args, key: string): Effect.Effect<ReadonlyArray<string>, InvalidArgs> => {
  const value = args[key]
  if (value === undefined || value === null) return Effect.succeed([])
  if (typeof value === "string") return Effect.succeed([value])
  return Array.isArray(value) && value.every((item) => typeof item === "string")
    ? Effect.succeed(value as ReadonlyArray<string>)
    : Effect.fail(wrongType(key, "a list of strings"))
}

/**
 * A flag the command spec limits to an enum (`get --property`, `is --property`): the value checked against the
 * spec's list at run time and typed as the contract's union `T`; absent: `fallback`. The list lives only in the spec.
 */
export const specChoice = <T extends string>(command: ManifestCommandName, flagName: string, fallback: T) =>
(args: Args): Effect.Effect<T, InvalidArgs> => {
  const choices = COMMANDS[command]?.flags[flagName]?.schema.enum ?? []
  const isChoice = (value: string): value is T => choices.includes(value)
  return Effect.flatMap(optionalString(args, argKey(flagName)), (value) =>
    value === undefined
      ? Effect.succeed(fallback)
      : isChoice(value)
      ? Effect.succeed(value)
      : Effect.fail(new InvalidArgs({ message: `--${flagName} must be one of ${choices.join(", ")}, got '${value}'`, suggestion: `Pass --${flagName} ${choices.join("|")}` })))
}
