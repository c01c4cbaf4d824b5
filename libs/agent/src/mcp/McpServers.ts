// The run's MCP servers: every configured server connected in parallel, each one's tools offered to the model as
// `mcp__<server>__<tool>` (Claude Code's names), calls sent to that server with MCP_TOOL_TIMEOUT. A server that
// cannot be reached is a status `failed` and an error block; the run goes on with the others. `close` ends every
// connection (stdio children are stopped) and is safe to call more than once.
import { Effect } from "effect"
import { failure, type Tool } from "../tools/Tool.js"
import { MCP_PREFIX } from "../tools/ruleNames.js"
import type { McpServerConfig } from "./McpConfig.js"
import { type ConnectOptions, connectServer, type McpConnection } from "./McpConnection.js"
import { mcpOutcome } from "./mcpResult.js"

export interface McpServerStatus {
  readonly name: string
  readonly status: "connected" | "failed"
  readonly error?: string
}

export interface McpServers {
  readonly tools: ReadonlyArray<Tool>
  readonly statuses: ReadonlyArray<McpServerStatus>
  readonly close: () => Promise<void>
}

export const DEFAULT_MCP_TIMEOUT_MS = 30_000
export const DEFAULT_MCP_TOOL_TIMEOUT_MS = 600_000

/** A name part as a tool name may hold it. */
const namePart = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "_")

export const mcpToolName = (server: string, tool: string) => `${MCP_PREFIX}${namePart(server)}__${namePart(tool)}`

const toolsOf = (connection: McpConnection, toolTimeoutMs: number): Array<Tool> =>
  connection.tools.map((listed) => ({
    name: mcpToolName(connection.name, listed.name),
    description: listed.description,
    parameters: listed.inputSchema,
    approval: { kind: "mcp" as const, server: connection.name, readOnlyHint: listed.readOnlyHint },
    run: (input) =>
      typeof input !== "object" || input === null || Array.isArray(input)
        ? Effect.succeed(failure("MCP tool arguments must be a JSON object"))
        : Effect.tryPromise({
          try: (signal) => connection.call(listed.name, input as Record<string, unknown>, { timeoutMs: toolTimeoutMs, signal }),
          catch: (error) => error as Error
        }).pipe(
          Effect.map(mcpOutcome),
          Effect.catch((error) => Effect.succeed(failure(`MCP server ${connection.name}: ${error.message}`)))
        )
  }))

export const connectMcpServers = async (
  servers: ReadonlyArray<McpServerConfig>,
  options: ConnectOptions & { readonly toolTimeoutMs: number }
): Promise<McpServers> => {
  const settled = await Promise.allSettled(servers.map((server) => connectServer(server, options)))
  const connections: Array<McpConnection> = []
  const statuses: Array<McpServerStatus> = []
  settled.forEach((outcome, index) => {
    const name = servers[index]!.name
    if (outcome.status === "fulfilled") {
      connections.push(outcome.value)
      statuses.push({ name, status: "connected" })
      options.diagnostic?.(`mcp ${name}: connected, ${outcome.value.tools.length} tool(s)`)
    } else {
      statuses.push({ name, status: "failed", error: (outcome.reason as Error).message })
    }
  })
  const seen = new Set<string>()
  const tools = connections.flatMap((connection) => toolsOf(connection, options.toolTimeoutMs)).filter((tool) => {
    if (seen.has(tool.name)) return false
    seen.add(tool.name)
    return true
  })
  let closed: Promise<void> | undefined
  return {
    tools,
    statuses,
    close: () => (closed ??= Promise.all(connections.map((connection) => connection.close())).then(() => undefined))
  }
}

export const noMcpServers: McpServers = { tools: [], statuses: [], close: () => Promise.resolve() }

/** MCP_TIMEOUT / MCP_TOOL_TIMEOUT (Claude Code's names, milliseconds). */
export const mcpTimeouts = (env: NodeJS.ProcessEnv) => {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name])
    return env[name] !== undefined && Number.isInteger(value) && value > 0 ? value : fallback
  }
  return { timeoutMs: read("MCP_TIMEOUT", DEFAULT_MCP_TIMEOUT_MS), toolTimeoutMs: read("MCP_TOOL_TIMEOUT", DEFAULT_MCP_TOOL_TIMEOUT_MS) }
}
