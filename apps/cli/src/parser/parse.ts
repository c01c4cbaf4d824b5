import type { ArgSchema } from "@agent-desktop/contracts/commands"
import { COMMANDS, GLOBAL_FLAGS, SUB_ACTIONS, type CommandSpec, type FlagSpec } from "./CommandTable.js"
import type { ArgValue, Globals, ParseOutcome } from "./ParsedCommand.js"
import { SCHEMA_MODE, SCHEMA_MODE_NAME } from "./SchemaMode.js"

/** Thrown inside the parser only; `parse` turns it into an `error` outcome. */
class ParseFailure {
  constructor(readonly message: string, readonly suggestion?: string) {}
}

const snake = (flag: string) => flag.replace(/-/g, "_")
const isNegativeNumber = (token: string) => /^-\d/.test(token)

interface IntBounds {
  readonly minimum?: number
  readonly maximum?: number
}

/** Strict integers: optional sign only where the schema allows negatives, digits only (no spaces, no '5.0', no '0x5'). */
const readInt = (what: string, raw: string, bounds: IntBounds): number => {
  const signed = bounds.minimum === undefined || bounds.minimum < 0
  if (!(signed ? /^-?\d{1,16}$/ : /^\d{1,16}$/).test(raw)) {
    throw new ParseFailure(`Invalid value '${raw}' for ${what}: expected ${signed ? "an" : "a non-negative"} integer`)
  }
  const value = Number(raw)
  if (bounds.minimum !== undefined && value < bounds.minimum) {
    throw new ParseFailure(`Invalid value '${raw}' for ${what}: at least ${bounds.minimum}`)
  }
  if (bounds.maximum !== undefined && value > bounds.maximum) {
    throw new ParseFailure(`Invalid value '${raw}' for ${what}: at most ${bounds.maximum}`)
  }
  return value
}

const readXy = (flag: string, raw: string): { x: number; y: number } => {
  const match = /^(-?\d{1,9}(?:\.\d{1,6})?),(-?\d{1,9}(?:\.\d{1,6})?)$/.exec(raw)
  if (match === null) {
    throw new ParseFailure(`Invalid value '${raw}' for --${flag}: expected X,Y`, `Pass coordinates as --${flag}=X,Y (use '=' for negative numbers)`)
  }
  return { x: Number(match[1]), y: Number(match[2]) }
}

const shown = (raw: string) => (raw.length > 40 ? `${raw.slice(0, 40)}...` : raw)

/** A string value checked against its schema: closed set, length limit, pattern. */
const readString = (what: string, schema: ArgSchema, raw: string): string => {
  if (schema.enum !== undefined && !schema.enum.includes(raw)) {
    throw new ParseFailure(`Invalid value '${shown(raw)}' for ${what}: expected one of ${schema.enum.join(", ")}`)
  }
  if (schema.maxLength !== undefined && raw.length > schema.maxLength) {
    throw new ParseFailure(`Value for ${what} is too long (${raw.length} characters, at most ${schema.maxLength})`)
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(raw)) {
    throw new ParseFailure(`Invalid value '${shown(raw)}' for ${what}: expected ${schema.pattern}`)
  }
  return raw
}

const readScalar = (what: string, schema: ArgSchema, raw: string): string | number =>
  schema.type === "integer" ? readInt(what, raw, schema) : readString(what, schema, raw)

const readValue = (flag: string, spec: FlagSpec, raw: string): ArgValue => {
  switch (spec.syntax) {
    case "xy":
      return readXy(flag, raw)
    case "list":
      return readString(`--${flag}`, spec.schema.items ?? {}, raw)
    default:
      return readScalar(`--${flag}`, spec.schema, flag === "surface" ? raw.replace(/_/g, "-") : raw)
  }
}

interface State {
  command?: string
  spec?: CommandSpec
  readonly globals: Record<string, ArgValue>
  readonly args: Record<string, ArgValue>
  readonly positionals: Array<string>
  help: boolean
  version: boolean
}

const lookupLong = (state: State, name: string): [FlagSpec, "global" | "command"] | undefined => {
  const own = state.spec?.flags[name]
  if (own !== undefined) return [own, "command"]
  const global = GLOBAL_FLAGS[name]
  return global === undefined ? undefined : [global, "global"]
}

const lookupShort = (state: State, letter: string): [string, FlagSpec, "global" | "command"] | undefined => {
  for (const [name, spec] of Object.entries(state.spec?.flags ?? {})) {
    if (spec.short === letter) return [name, spec, "command"]
  }
  for (const [name, spec] of Object.entries(GLOBAL_FLAGS)) {
    if (spec.short === letter) return [name, spec, "global"]
  }
  return undefined
}

/** The positional about to be filled accepts values that start with `-` (type TEXT, batch JSON). */
const nextPositionalAllowsDash = (state: State) => {
  if (state.spec === undefined) return false
  return state.spec.positionals[state.positionals.length]?.allowDash === true
}

const store = (state: State, name: string, spec: FlagSpec, scope: "global" | "command", value: ArgValue) => {
  const target = scope === "global" ? state.globals : state.args
  const key = snake(name)
  if (spec.syntax === "list") {
    target[key] = [...((target[key] as ReadonlyArray<string> | undefined) ?? []), value as string]
    return
  }
  if (key in target) throw new ParseFailure(`--${name} was given more than once`)
  target[key] = value
}

const consumeFlag = (state: State, tokens: ReadonlyArray<string>, index: number, name: string, spec: FlagSpec, scope: "global" | "command", inline: string | undefined): number => {
  if (spec.syntax === "switch") {
    if (inline !== undefined) throw new ParseFailure(`--${name} takes no value`)
    store(state, name, spec, scope, true)
    return index
  }
  if (inline !== undefined) {
    store(state, name, spec, scope, readValue(name, spec, inline))
    return index
  }
  const next = tokens[index + 1]
  if (spec.syntax === "optional-value") {
    if (next !== undefined && /^\d+$/.test(next)) {
      store(state, name, spec, scope, readInt(`--${name}`, next, spec.schema))
      return index + 1
    }
    store(state, name, spec, scope, 0)
    return index
  }
  const takesNext = next !== undefined && (!next.startsWith("-") || isNegativeNumber(next))
  if (!takesNext) throw new ParseFailure(`--${name} needs a value`)
  store(state, name, spec, scope, readValue(name, spec, next))
  return index + 1
}

const setCommand = (state: State, name: string) => {
  const spec = name === SCHEMA_MODE_NAME ? SCHEMA_MODE : Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (spec === undefined) {
    throw new ParseFailure(`Unknown command '${name}'`, "Run agent-desktop --help to list the commands")
  }
  state.command = name
  state.spec = spec
}

const walk = (state: State, tokens: ReadonlyArray<string>) => {
  let onlyPositionals = false
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    if (onlyPositionals || token === "-" || !token.startsWith("-") || isNegativeNumber(token) && state.command !== undefined) {
      if (state.command === undefined) setCommand(state, token)
      else state.positionals.push(token)
      continue
    }
    if (token === "--") {
      onlyPositionals = true
      continue
    }
    if (token === "--help" || token === "-h") {
      state.help = true
      continue
    }
    if (token === "--version" || token === "-V") {
      state.version = true
      continue
    }
    if (token.startsWith("--")) {
      const eq = token.indexOf("=")
      const name = eq === -1 ? token.slice(2) : token.slice(2, eq)
      const found = lookupLong(state, name)
      if (found === undefined) {
        const literal = nextPositionalAllowsDash(state) ? ` (a text that starts with -- goes after a bare --: ${state.command} ... -- '${shown(token)}')` : ""
        throw new ParseFailure(
          `Unknown flag '--${shown(name)}'${state.command === undefined ? "" : ` for ${state.command}`}${literal}`,
          `Run agent-desktop ${state.command ?? ""} --help to see its flags`.replace("  ", " ")
        )
      }
      index = consumeFlag(state, tokens, index, name, found[0], found[1], eq === -1 ? undefined : token.slice(eq + 1))
      continue
    }
    const letter = token.slice(1, 2)
    const found = token.length === 2 ? lookupShort(state, letter) : undefined
    if (found === undefined) {
      if (nextPositionalAllowsDash(state)) {
        state.positionals.push(token)
        continue
      }
      throw new ParseFailure(`Unknown flag '${token}'${state.command === undefined ? "" : ` for ${state.command}`}`)
    }
    index = consumeFlag(state, tokens, index, found[0], found[1], found[2], undefined)
  }
}

const assignPositionals = (state: State, command: string, spec: CommandSpec) => {
  if (state.positionals.length > spec.positionals.length) {
    throw new ParseFailure(`Unexpected argument '${state.positionals[spec.positionals.length]}' for ${command}`)
  }
  spec.positionals.forEach((positional, i) => {
    const raw = state.positionals[i]
    if (raw === undefined) {
      if (positional.required) throw new ParseFailure(`${command} needs <${positional.key.toUpperCase()}>`, `Run agent-desktop ${command} --help for its usage`)
      return
    }
    state.args[positional.key] = readScalar(`<${positional.key.toUpperCase()}>`, positional.schema, raw)
  })
}

const checkSubAction = (command: string, args: Record<string, ArgValue>) => {
  const actions = SUB_ACTIONS[command]
  if (actions === undefined) return
  const action = args["action"]
  if (action === undefined && command === "skills") return
  if (typeof action !== "string" || !actions.includes(action)) {
    throw new ParseFailure(`Unknown ${command} action '${String(action)}': expected one of ${actions.join(", ")}`)
  }
  if (command === "session" && action !== "end" && args["session_id"] !== undefined) {
    throw new ParseFailure(`Unexpected argument '${String(args["session_id"])}' for session ${action}`)
  }
  if (command === "skills" && action !== "get" && args["name"] !== undefined) {
    throw new ParseFailure(`Unexpected argument '${String(args["name"])}' for skills ${action}`)
  }
  if (command === "skills" && action === "get" && args["name"] === undefined) {
    throw new ParseFailure("skills get needs <NAME>", "Run agent-desktop skills list to see the names")
  }
}

const exclusive = (args: Record<string, ArgValue>, keys: ReadonlyArray<string>, what: string) => {
  const given = keys.filter((key) => args[key] !== undefined)
  if (given.length > 1) {
    throw new ParseFailure(`${given.map((key) => `--${key.replace(/_/g, "-")}`).join(" and ")} cannot be used together`, what)
  }
}

/** Structural conflicts the reference's clap definitions reject at parse time (exit 2). */
const checkConflicts = (command: string, spec: CommandSpec, args: Record<string, ArgValue>, globals: Record<string, ArgValue>) => {
  exclusive(globals, ["wait_for", "wait_for_gone"], "Pass either --wait-for or --wait-for-gone")
  const waits = globals["wait_for"] !== undefined || globals["wait_for_gone"] !== undefined
  if (globals["wait_timeout"] !== undefined && !waits) {
    throw new ParseFailure("--wait-timeout needs --wait-for or --wait-for-gone")
  }
  if (waits && spec.waitFor !== true) {
    throw new ParseFailure(`--wait-for is not available on ${command}`, "Use --wait-for only with snapshot and ref actions")
  }
  if (waits && args["root"] !== undefined) throw new ParseFailure("--root cannot be used with --wait-for")
  if (args["root"] !== undefined && args["surface"] !== undefined) throw new ParseFailure("--root cannot be used with --surface")
  if (command === "find") exclusive(args, ["count", "first", "last", "nth", "limit"], "Pass at most one of --count, --first, --last, --nth, --limit")
  if (command === "drag") {
    exclusive(args, ["from", "from_xy"], "Pass --from REF or --from-xy X,Y")
    exclusive(args, ["to", "to_xy"], "Pass --to REF or --to-xy X,Y")
  }
  if (command === "hover") exclusive(args, ["ref_id", "xy"], "Pass a REF or --xy X,Y")
  if (command === "session" && args["no_trace"] === true && args["screenshots"] === true) {
    throw new ParseFailure("--screenshots cannot be used with --no-trace")
  }
}

const toGlobals = (raw: Record<string, ArgValue>): Globals => {
  const globals: Record<string, ArgValue> = { verbose: false, headed: false, trace_strict: false, auto_recover: false, ...raw }
  return globals as unknown as Globals
}

/** Parse argv (without `node` and the script). Never throws. */
export const parse = (argv: ReadonlyArray<string>): ParseOutcome => {
  const state: State = { globals: {}, args: {}, positionals: [], help: false, version: false }
  try {
    walk(state, argv)
    if (state.help) return state.command === undefined ? { kind: "help" } : { kind: "help", command: state.command }
    if (state.command === undefined || state.spec === undefined) {
      if (state.version) return { kind: "version-text" }
      if (argv.length === 0) return { kind: "help" }
      throw new ParseFailure("Missing command", "Run agent-desktop --help to list the commands")
    }
    if (state.version) throw new ParseFailure("--version takes no command; run agent-desktop version")
    assignPositionals(state, state.command, state.spec)
    checkSubAction(state.command, state.args)
    checkConflicts(state.command, state.spec, state.args, state.globals)
    if (state.command === SCHEMA_MODE_NAME) {
      const wave = state.args["wave"]
      return { kind: "schema", strict: state.args["strict"] === true, ...(typeof wave === "string" ? { wave } : {}), globals: toGlobals(state.globals) }
    }
    return { kind: "command", command: state.command, args: state.args, globals: toGlobals(state.globals) }
  } catch (failure) {
    if (!(failure instanceof ParseFailure)) throw failure
    return {
      kind: "error",
      command: state.command ?? "unknown",
      message: failure.message,
      ...(failure.suggestion === undefined ? {} : { suggestion: failure.suggestion }),
      globals: toGlobals(state.globals)
    }
  }
}
