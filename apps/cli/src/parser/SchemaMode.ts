import type { CommandSpec } from "./CommandTable.js"

/**
 * `agent-desktop schema [--contract V] [--strict] [--wave NAME]`: prints the JSON Schema document this binary was
 * built with (the committed file, byte for byte) instead of an envelope, like --help prints text. It is a mode of
 * the binary, as `mcp` and `serve` are, not an envelope command, so it is not in the command spec.
 */
export const SCHEMA_MODE_NAME = "schema"

export const SCHEMA_MODE: CommandSpec = {
  summary: "Print the JSON Schema this binary was built with (the document, not an envelope)",
  description:
    "Print the envelope JSON Schema of the contract version this call would answer in (--contract, AGENT_DESKTOP_CONTRACT, else the newest), or one of wave's schemas, exactly as committed in the contracts package. Errors (an unknown version or schema) are envelopes as usual.",
  category: "system",
  headed: "none",
  support: { linux: "supported", macos: "supported", windows: "supported" },
  positionals: [],
  flags: {
    strict: { syntax: "switch", schema: { type: "boolean", description: "The strict flavour: every object closed, known commands only" } },
    wave: { syntax: "value", schema: { type: "string", maxLength: 64, description: "A wave schema (stream-event, result, system-init, ...) instead of the envelope" } }
  },
  dataVersions: []
}
