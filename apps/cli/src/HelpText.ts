import { COMMANDS, GLOBAL_FLAGS } from "./parser/CommandTable.js"

export const BINARY_VERSION = "0.1.0"

const globalFlagsText = () =>
  Object.entries(GLOBAL_FLAGS)
    .map(([name, spec]) => `  ${spec.short === undefined ? "    " : `-${spec.short}, `}--${name}${spec.type === "bool" ? "" : " <VALUE>"}`)
    .join("\n")

const FAIL_CLOSED_NOTE: Readonly<Record<string, string>> = {
  "key-down": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.",
  "key-up": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.",
  "mouse-down": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release.",
  "mouse-up": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release."
}

/** Plain text for `--help` and a bare `agent-desktop`; the only output besides envelopes. */
export const helpText = (command?: string): string => {
  const spec = command === undefined ? undefined : COMMANDS[command]
  if (command !== undefined && spec !== undefined) {
    const usage = spec.positionals.map((p) => (p.required ? `<${p.key.toUpperCase()}>` : `[${p.key.toUpperCase()}]`)).join(" ")
    const flags = Object.entries(spec.flags)
      .map(([name, flag]) => `  ${flag.short === undefined ? "    " : `-${flag.short}, `}--${name}${flag.type === "bool" ? "" : flag.values === undefined ? " <VALUE>" : ` <${flag.values.join("|")}>`}`)
      .join("\n")
    const note = FAIL_CLOSED_NOTE[command]
    return [
      `agent-desktop ${command} ${usage}`.trimEnd(),
      "",
      spec.summary + ".",
      ...(note === undefined ? [] : ["", note]),
      "",
      "Flags:",
      flags.length > 0 ? flags : "  (none)",
      "",
      "Global flags:",
      globalFlagsText(),
      ""
    ].join("\n")
  }
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length))
  return [
    `agent-desktop ${BINARY_VERSION}: read and act on desktop apps through their accessibility tree.`,
    "Every command prints exactly one JSON envelope on stdout (exit 0 ok, 1 error, 2 parse error).",
    "",
    "Usage: agent-desktop [GLOBAL FLAGS] <COMMAND> [ARGS]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "Global flags (before or after the command):",
    globalFlagsText(),
    "  -h, --help",
    "  -V, --version",
    "",
    "Start with: agent-desktop skills get agent-desktop",
    ""
  ].join("\n")
}
