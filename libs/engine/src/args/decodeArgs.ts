/**
 * A command's arguments, decoded once against the command spec before its handler runs (runCommand): every key
 * checked against the argument's schema (type, enum, length, pattern, bounds), unknown keys refused, the spec's
 * defaults filled in (a switch is false and a repeatable flag [] when not given). Handlers take the result as
 * `ArgsOf<command>` and read no default of their own. Arguments come from the CLI parser (which already refused
 * what the spec does not allow), from an MCP tool call (checked against the same schema), from wave's model, from
 * a batch entry or a recovery: the last three reach the engine unchecked, so this is where they are.
 */
import { argKey, type ArgSchema, commandEntry, type ManifestCommand } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import type { Args } from "./Args.js"
import { InvalidArgs } from "../errors/DesktopError.js"

/** One argument of a command, as the spec declares it. */
interface Slot {
  readonly key: string
  /** How the error names it: `--flag` or the positional's key. */
  readonly label: string
  readonly schema: ArgSchema
  /** The value it gets when the caller gives none, if any. */
  readonly filled: unknown
  readonly required: boolean
}

const slotsOf = (command: ManifestCommand): ReadonlyArray<Slot> => [
  ...command.positionals.map((positional): Slot => ({
    key: positional.key,
    label: positional.key,
    schema: positional.schema,
    filled: positional.schema.default,
    required: positional.required
  })),
  ...Object.entries(command.flags).map(([name, flag]): Slot => ({
    key: argKey(name),
    label: `--${name}`,
    schema: flag.schema,
    filled: flag.schema.default ?? (flag.syntax === "switch" ? false : flag.syntax === "list" ? [] : undefined),
    required: false
  }))
]

/** Per command, built on first use. */
const slotCache = new Map<string, ReadonlyArray<Slot>>()
const slotsFor = (name: string, command: ManifestCommand) => {
  let slots = slotCache.get(name)
  if (slots === undefined) {
    slots = slotsOf(command)
    slotCache.set(name, slots)
  }
  return slots
}

const invalid = (message: string, suggestion: string) => new InvalidArgs({ message, suggestion })

const wrongType = (key: string, expected: string) =>
  invalid(`Argument '${key}' must be ${expected}`, `Pass ${key} as ${expected}`)

/** JSON Schema counts characters (code points), not UTF-16 units. */
const characters = (text: string): number => {
  let count = text.length
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) count--
  }
  return count
}

const integerExpected = (schema: ArgSchema) =>
  schema.minimum !== undefined && schema.minimum >= 0 ? `an integer >= ${schema.minimum}` : "an integer"

const decodeInteger = (slot: Slot, value: unknown): InvalidArgs | number => {
  const { key, schema } = slot
  if (typeof value !== "number" || !Number.isSafeInteger(value)) return wrongType(key, integerExpected(schema))
  if (schema.minimum !== undefined && value < schema.minimum) {
    return schema.minimum >= 0
      ? wrongType(key, integerExpected(schema))
      : invalid(`Argument '${key}' must be at least ${schema.minimum}, got ${value}`, `Pass ${key} within the range`)
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return invalid(`Argument '${key}' must be at most ${schema.maximum}, got ${value}`, `Pass ${key} within the range`)
  }
  return value
}

const decodeString = (slot: Slot, schema: ArgSchema, value: unknown): InvalidArgs | string => {
  const { key, label } = slot
  if (typeof value !== "string") return wrongType(key, "a string")
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    return invalid(`${label} must be one of ${schema.enum.join(", ")}, got '${value}'`, `Pass ${label} ${schema.enum.join("|")}`)
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength && characters(value) > schema.maxLength) {
    return invalid(`Argument '${key}' is too long (${characters(value)} characters, at most ${schema.maxLength})`, `Pass a shorter ${key}`)
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
    return invalid(`Argument '${key}' must match ${schema.pattern}`, `Pass ${key} in that form`)
  }
  return value
}

/** `{x, y}`: the only object arguments are points. */
const decodeObject = (slot: Slot, value: unknown): InvalidArgs | Readonly<Record<string, number>> => {
  const properties = Object.keys(slot.schema.properties ?? {})
  const record = value as Readonly<Record<string, unknown>>
  const ok = typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.keys(record).every((name) => properties.includes(name)) &&
    properties.every((name) => typeof record[name] === "number" && Number.isFinite(record[name]))
  if (!ok) return invalid(`${slot.label} must be a point X,Y`, `Pass ${slot.label} X,Y`)
  return record as Readonly<Record<string, number>>
}

const decodeValue = (slot: Slot, value: unknown): unknown => {
  const { schema } = slot
  if (schema.enum !== undefined) return decodeString(slot, schema, value)
  switch (schema.type) {
    case "string":
      return decodeString(slot, schema, value)
    case "integer":
      return decodeInteger(slot, value)
    case "boolean":
      return typeof value === "boolean" ? value : wrongType(slot.key, "a boolean")
    case "array": {
      // A single string is a list of one (what a repeatable flag given once means).
      const items = typeof value === "string" ? [value] : value
      if (!Array.isArray(items) || !items.every((item) => typeof item === "string")) return wrongType(slot.key, "a list of strings")
      for (const item of items) {
        const checked = decodeString(slot, schema.items ?? {}, item)
        if (checked instanceof InvalidArgs) return checked
      }
      return items
    }
    case "object":
      return decodeObject(slot, value)
    default:
      return value
  }
}

/**
 * `raw` checked against `command`'s spec, with its defaults filled in (`null` counts as not given). Unknown
 * commands are the caller's to refuse; their arguments come back as given.
 */
export const decodeArgs = (command: string, raw: Args): Effect.Effect<Args, InvalidArgs> =>
  Effect.suspend(() => {
    const entry = commandEntry(command)
    if (entry === undefined) return Effect.succeed(raw)
    const slots = slotsFor(command, entry)
    const unknown = Object.keys(raw).filter((key) => raw[key] !== undefined && raw[key] !== null && !slots.some((slot) => slot.key === key))
    if (unknown.length > 0) {
      return Effect.fail(invalid(
        `Unknown argument${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `'${key}'`).join(", ")} for ${command}`,
        slots.length === 0 ? `${command} takes no arguments` : `Use ${slots.map((slot) => slot.key).join(", ")}`
      ))
    }
    const decoded: Record<string, unknown> = {}
    for (const slot of slots) {
      const value = raw[slot.key]
      if (value === undefined || value === null) {
        if (slot.required) return Effect.fail(invalid(`Missing required argument '${slot.key}'`, `Pass ${slot.key}`))
        if (slot.filled !== undefined) decoded[slot.key] = Array.isArray(slot.filled) ? [...slot.filled] : slot.filled
        continue
      }
      const checked = decodeValue(slot, value)
      if (checked instanceof InvalidArgs) return Effect.fail(checked)
      decoded[slot.key] = checked
    }
    return Effect.succeed(decoded)
  })
