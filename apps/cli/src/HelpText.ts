import { CONTRACT_VERSIONS, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { COMMANDS, GLOBAL_FLAGS, type FlagSpec, type PositionalSpec } from "./parser/CommandTable.js"
import { SCHEMA_MODE, SCHEMA_MODE_NAME } from "./parser/SchemaMode.js"
import { environmentHelp } from "./EnvironmentVariables.js"

export const BINARY_VERSION = "0.1.0"

/** `<N>`, `<a|b|c>`, `<X,Y>`, `[<N>]`: how a flag's value is written, from its schema. */
const valueHint = (flag: FlagSpec): string => {
  const schema = flag.schema
  switch (flag.syntax) {
    case "switch":
      return ""
    case "xy":
      return " <X,Y>"
    case "optional-value":
      return " [<N>]"
    default: {
      const inner = flag.syntax === "list" ? schema.items ?? {} : schema
      if (inner.enum !== undefined) return ` <${inner.enum.join("|")}>`
      return inner.type === "integer" ? " <N>" : " <VALUE>"
    }
  }
}

/** The spec's bound of every integer argument (2^31 - 1), which help leaves unsaid. */
const INT_BOUND = 2 ** 31 - 1

/** Description, default and constraints of one argument, e.g. "Tree depth limit (default: 10)". */
const explain = (flag: FlagSpec | PositionalSpec): string => {
  const schema = flag.schema
  const notes: Array<string> = []
  if (schema.default !== undefined) notes.push(`default: ${String(schema.default)}`)
  if ("syntax" in flag && flag.syntax === "list") notes.push("repeatable")
  if (schema.pattern !== undefined) notes.push(`pattern ${schema.pattern}`)
  else if (schema.maxLength !== undefined && schema.maxLength < 256) notes.push(`at most ${schema.maxLength} characters`)
  const min = schema.minimum !== undefined && schema.minimum > 0 ? `min ${schema.minimum}` : undefined
  if (min !== undefined) notes.push(min)
  // A limit the spec sets on purpose (click count, wheel notches, window coordinates), not the generic int bound.
  if (schema.maximum !== undefined && schema.maximum < INT_BOUND) notes.push(`max ${schema.maximum}`)
  return `${schema.description ?? ""}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`
}

const flagLines = (flags: Readonly<Record<string, FlagSpec>>): Array<string> => {
  const heads = Object.entries(flags).map(([name, flag]) => [
    `  ${flag.short === undefined ? "    " : `-${flag.short}, `}--${name}${valueHint(flag)}`,
    explain(flag)
  ] as const)
  const width = Math.min(44, Math.max(0, ...heads.map(([head]) => head.length)))
  return heads.map(([head, text]) => (head.length > width ? `${head}\n${" ".repeat(width + 2)}${text}` : `${head.padEnd(width)}  ${text}`))
}

const positionalLines = (positionals: ReadonlyArray<PositionalSpec>): Array<string> => {
  const heads = positionals.map((positional) => [`  ${positional.key.toUpperCase()}`, explain(positional)] as const)
  const width = Math.max(0, ...heads.map(([head]) => head.length))
  return heads.map(([head, text]) => `${head.padEnd(width)}  ${text}`)
}

const HEADED: Readonly<Record<string, string>> = {
  required: "Needs --headed (physical input); without it: POLICY_DENIED, nothing sent.",
  optional: "--headed permits a focus/cursor precondition; without it only accessibility calls are used.",
  none: ""
}

const SUPPORT: Readonly<Record<string, string>> = {
  not_implemented: "Not implemented on Linux yet: answers PLATFORM_NOT_SUPPORTED (nothing sent).",
  not_applicable: "",
  fail_closed: "",
  supported: ""
}

/** Plain text for `--help` and a bare `agent-desktop`; the only output besides envelopes. */
export const helpText = (command?: string): string => {
  const spec = command === SCHEMA_MODE_NAME ? SCHEMA_MODE : command === undefined || !Object.hasOwn(COMMANDS, command) ? undefined : COMMANDS[command]
  if (command !== undefined && spec !== undefined) {
    const usage = spec.positionals.map((p) => (p.required ? `<${p.key.toUpperCase()}>` : `[${p.key.toUpperCase()}]`)).join(" ")
    const notes = [HEADED[spec.headed] ?? "", SUPPORT[spec.support.linux] ?? "", spec.waitFor === true ? "Accepts --wait-for / --wait-for-gone." : ""].filter((note) => note !== "")
    return [
      `agent-desktop ${command} ${usage}`.trimEnd(),
      "",
      spec.description,
      ...(notes.length > 0 ? ["", ...notes] : []),
      ...(spec.positionals.length > 0 ? ["", "Arguments:", ...positionalLines(spec.positionals)] : []),
      "",
      "Flags:",
      ...(Object.keys(spec.flags).length > 0 ? flagLines(spec.flags) : ["  (none)"]),
      "",
      "Global flags:",
      ...flagLines(GLOBAL_FLAGS),
      ""
    ].join("\n")
  }
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length))
  return [
    `agent-desktop ${BINARY_VERSION}: read and act on desktop apps through their accessibility tree.`,
    `Every command prints exactly one JSON envelope on stdout (exit 0 ok, 1 error, 2 parse error), contract ${LATEST_CONTRACT_VERSION} unless --contract says otherwise (${CONTRACT_VERSIONS.join(", ")}).`,
    "",
    "Usage: agent-desktop [GLOBAL FLAGS] <COMMAND> [ARGS]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "Other modes (they print no envelope):",
    `  ${"schema".padEnd(width)}  ${SCHEMA_MODE.summary}`,
    `  ${"mcp".padEnd(width)}  An MCP server on stdio over the same commands`,
    `  ${"serve".padEnd(width)}  A warm host for this state root`,
    "",
    "Global flags (before or after the command):",
    ...flagLines(GLOBAL_FLAGS),
    "  -h, --help",
    "  -V, --version",
    "",
    "Long-lived modes (no envelope; logs on stderr):",
    "  agent-desktop mcp [--contract V] [--headed] [--session ID] [--tools a,b] [--read-only] [--profile agent|full]",
    "      the commands as MCP tools over stdio (agent-desktop mcp --help)",
    "  agent-desktop serve [--idle-timeout-ms N]",
    "      a warm host for this state root and desktop; every later call uses it while it runs. By default a call",
    "      on a desktop starts one in the background when none runs (it exits after 10 idle minutes or with its",
    "      desktop); AGENT_DESKTOP_HOST=off: never use one; AGENT_DESKTOP_HOST=auto: start one and wait for it",
    "",
    ...environmentHelp(),
    "",
    "A text argument that starts with -- goes after a bare --. Start with: agent-desktop skills get agent-desktop",
    ""
  ].join("\n")
}
