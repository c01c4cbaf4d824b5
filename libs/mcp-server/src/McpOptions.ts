/**
 * `agent-desktop mcp [--contract V] [--headed] [--session ID] [--tools a,b] [--read-only]`: the server's options,
 * parsed strictly (an unknown flag is an error, never ignored). The MCP client configures the server once; every tool
 * call then runs under these options.
 */
import { CONTRACT_VERSIONS, type ContractVersion, isContractVersion, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"

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
}

export type ParsedOptions = { readonly ok: true; readonly options: McpOptions } | { readonly ok: false; readonly message: string }

export const MCP_USAGE = `usage: agent-desktop mcp [--contract ${CONTRACT_VERSIONS.join("|")}] [--headed] [--session ID] [--tools NAME,...] [--read-only]

Serves the desktop commands as Model Context Protocol tools over stdio (JSON-RPC on stdin/stdout; logs on stderr).
  --contract V   envelope version of every tool result (default: AGENT_DESKTOP_CONTRACT or ${LATEST_CONTRACT_VERSION})
  --headed       allow physical input (pointer, keyboard) where a command needs it
  --session ID   record every call in this session's trace
  --tools LIST   offer only these tools (comma-separated tool or command names); batch runs only these too
  --read-only    offer observation tools only: nothing is sent to any app and no file is written
                 (screenshot returns the image inline; a path is refused)
`

export const parseMcpOptions = (argv: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>>): ParsedOptions => {
  let contract: string = env["AGENT_DESKTOP_CONTRACT"] || LATEST_CONTRACT_VERSION
  let headed = false
  let readOnly = false
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
      default:
        return { ok: false, message: `unknown argument '${arg}'` }
    }
  }
  if (!isContractVersion(contract)) return { ok: false, message: `unknown contract version '${contract}'; one of ${CONTRACT_VERSIONS.join(", ")}` }
  return {
    ok: true,
    options: { contract, headed, readOnly, ...(session === undefined ? {} : { session }), ...(tools === undefined ? {} : { tools }) }
  }
}
