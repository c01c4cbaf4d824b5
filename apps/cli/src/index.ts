// The CLI as a library: the command table (every command, positional and flag of the reference), the parser and
// `main` (argv -> one envelope). In-process consumers that need envelopes should use @agent-desktop/engine's
// runCommand instead; this surface is for tools that describe or drive the command line itself.
export { COMMAND_NAMES, COMMANDS, GLOBAL_FLAGS, SUB_ACTIONS, SURFACE_KINDS, type CommandSpec, type FlagSpec, type PositionalSpec } from "./parser/CommandTable.js"
export { parse } from "./parser/parse.js"
export type { ArgValue, Globals, ParseOutcome } from "./parser/ParsedCommand.js"
export { helpText, BINARY_VERSION } from "./HelpText.js"
export { main, CONTRACT_VERSIONS, type EngineRequest, type EngineRunner, type Io, type NativeEnvelope } from "./main.js"
