/**
 * `agent-desktop mcp [--contract V] [--headed] [--session ID] [--tools a,b] [--read-only] [--profile P]
 * [--output-schemas]`: the server's options,
 * parsed strictly (an unknown flag is an error, never ignored). The MCP client configures the server once; every tool
 * call then runs under these options.
 */
import { CONTRACT_VERSIONS, type ContractVersion, isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"

/**
 * What tool results hold: `agent` (the default) is what an agent needs to act (AgentProfile.ts: snapshot prints refs
 * only with wrappers collapsed; no toolkit addresses, no step log, no actions every element has), still a valid
 * envelope of the pinned contract; `full` is exactly what the CLI prints for the same arguments.
 */
export type ResultProfile = "agent" | "full"
export const RESULT_PROFILES: ReadonlyArray<ResultProfile> = ["agent", "full"]

export interface McpOptions {
  /** Every tool result (structuredContent and text) is an envelope of this contract version. */
  readonly contract: ContractVersion
  /** Physical-input commands are allowed (the CLI's `--headed`). */
  readonly headed: boolean
  readonly session?: string
  /** Only these tools (MCP tool names or command names); undefined = every supported tool. */
  readonly tools?: ReadonlyArray<string>
  /** Observation tools only: nothing is sent to an app, and nothing on disk changes but the store (no file is written). */
  readonly readOnly: boolean
  readonly profile: ResultProfile
  /**
   * Each tool carries its commands' envelope schema as `outputSchema`. Off by default: hosts do not show output
   * schemas to the model, and the official SDK client compiles one validator per tool when it lists them.
   */
  readonly outputSchemas: boolean
}

export type ParsedOptions = { readonly ok: true; readonly options: McpOptions } | { readonly ok: false; readonly message: string }

export const MCP_USAGE = `usage: agent-desktop mcp [--contract ${CONTRACT_VERSIONS.join("|")}] [--headed] [--session ID] [--tools NAME,...] [--read-only]
                         [--profile agent|full] [--output-schemas]

Serves the desktop commands as Model Context Protocol tools over stdio (JSON-RPC on stdin/stdout; logs on stderr).
  --contract V   envelope version of every tool result (default: AGENT_DESKTOP_CONTRACT or ${LATEST_CONTRACT_VERSION})
  --headed       allow physical input (pointer, keyboard) where a command needs it
  --session ID   record every call in this session's trace
  --tools LIST   offer only these tools (comma-separated tool or command names; a command name offers that choice
                 of its tool); batch runs only these too. A name that offers nothing is refused, with the reason
  --read-only    offer observation tools only: nothing is sent to any app and no file is written
                 (screenshot returns the image inline; a path is refused)
  --profile P    agent (default): results sized for an agent (snapshot: refs only, wrappers collapsed; no toolkit
                 addresses or step logs); full: exactly what the CLI prints
  --output-schemas  give each tool its commands' envelope schema as outputSchema (hosts that validate results)
`

export const parseMcpOptions = (argv: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>>): ParsedOptions => {
  let contract: string = env["AGENT_DESKTOP_CONTRACT"] || LATEST_CONTRACT_VERSION
  let headed = false
  let readOnly = false
  let outputSchemas = false
  let profile: string = "agent"
  let session: string | undefined
  let tools: Array<string> | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined]
    const value = (): string | undefined => inline ?? argv[++i]
    switch (flag) {
      case "--contract": {
        const v = value()
        if (v === undefined) return { ok: false, message: "--contract needs a version" }
        contract = v
        break
      }
      case "--session": {
        const v = value()
        if (v === undefined || v === "") return { ok: false, message: "--session needs an id" }
        session = v
        break
      }
      case "--tools": {
        const v = value()
        if (v === undefined) return { ok: false, message: "--tools needs a comma-separated list" }
        tools = v.split(",").map((name) => name.trim()).filter((name) => name !== "")
        break
      }
      case "--headed":
        headed = true
        break
      case "--read-only":
        readOnly = true
        break
      case "--output-schemas":
        outputSchemas = true
        break
      case "--profile": {
        const v = value()
        if (v === undefined) return { ok: false, message: `--profile needs one of ${RESULT_PROFILES.join(", ")}` }
        profile = v
        break
      }
      default:
        return { ok: false, message: `unknown argument '${arg}'` }
    }
  }
  if (!isContractVersion(contract)) return { ok: false, message: `unknown contract version '${contract}'; one of ${CONTRACT_VERSIONS.join(", ")}` }
  if (!RESULT_PROFILES.includes(profile as ResultProfile)) return { ok: false, message: `unknown profile '${profile}'; one of ${RESULT_PROFILES.join(", ")}` }
  return {
    ok: true,
    options: { contract, headed, readOnly, profile: profile as ResultProfile, outputSchemas, ...(session === undefined ? {} : { session }), ...(tools === undefined ? {} : { tools }) }
  }
}
