// One MCP server, connected with the official SDK client over its transport (a child process on stdio, streamable
// HTTP, or the older HTTP+SSE), initialized and its tools listed, all within MCP_TIMEOUT. A stdio server runs in the
// working directory with wave's environment minus the model credentials (WAVE_API_KEY, ANTHROPIC_API_KEY,
// ANTHROPIC_AUTH_TOKEN), plus the config's `env`; its stdout is the protocol (never wave's stdout) and its stderr is
// kept: the last lines explain a failed start, and `--verbose` shows them as they come.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { McpServerConfig } from "./McpConfig.js"

export interface ListedTool {
  readonly name: string
  readonly description: string
  readonly inputSchema: object
  readonly readOnlyHint: boolean
}

export interface McpConnection {
  readonly name: string
  readonly tools: ReadonlyArray<ListedTool>
  readonly call: (
    tool: string,
    args: Record<string, unknown>,
    options: { readonly timeoutMs: number; readonly signal: AbortSignal }
  ) => Promise<{ content?: unknown; structuredContent?: unknown; isError?: unknown }>
  readonly close: () => Promise<void>
}

export interface ConnectOptions {
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly timeoutMs: number
  readonly signal: AbortSignal
  readonly diagnostic?: ((line: string) => void) | undefined
}

const WITHHELD = new Set(["WAVE_API_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"])

/** wave's environment for a stdio server: everything but the model credentials. */
export const serverEnvironment = (env: NodeJS.ProcessEnv, own: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) if (value !== undefined && !WITHHELD.has(key)) out[key] = value
  return { ...out, ...own }
}

const sdk = () =>
  Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/sse.js")
  ])

const STDERR_TAIL = 2_000

export const connectServer = async (config: McpServerConfig, options: ConnectOptions): Promise<McpConnection> => {
  const [{ Client }, { StdioClientTransport }, { StreamableHTTPClientTransport }, { SSEClientTransport }] = await sdk()
  let stderrTail = ""
  let transport: Transport
  if (config.kind === "stdio") {
    const stdio = new StdioClientTransport({
      command: config.command,
      args: [...config.args],
      env: serverEnvironment(options.env, config.env),
      cwd: options.cwd,
      stderr: "pipe"
    })
    let partial = ""
    stdio.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8")
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL)
      if (options.diagnostic === undefined) return
      const lines = (partial + text).split("\n")
      partial = lines.pop() ?? ""
      for (const line of lines) options.diagnostic(`mcp ${config.name} stderr: ${line}`)
    })
    transport = stdio
  } else {
    const headers = { ...config.headers }
    transport = config.kind === "http"
      ? new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers } })
      : new SSEClientTransport(new URL(config.url), {
        requestInit: { headers },
        eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) }
      })
  }
  const client: Client = new Client({ name: "wave", version: "0.1.0" }, { capabilities: {} })
  const close = async () => {
    await client.close().catch(() => {})
    await transport.close().catch(() => {})
  }
  const abort = () => void close()
  options.signal.addEventListener("abort", abort, { once: true })
  const deadline = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
  try {
    await client.connect(transport, { timeout: options.timeoutMs, signal: deadline })
    const tools: Array<ListedTool> = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: options.timeoutMs, signal: deadline })
      for (const tool of page.tools) {
        tools.push({
          name: tool.name,
          description: tool.description ?? "",
          inputSchema: tool.inputSchema,
          readOnlyHint: tool.annotations?.readOnlyHint === true
        })
      }
      cursor = page.nextCursor
    } while (cursor !== undefined)
    return {
      name: config.name,
      tools,
      call: async (tool, args, call) => {
        const result: Record<string, unknown> = await client.callTool({ name: tool, arguments: args }, undefined, {
          timeout: call.timeoutMs,
          signal: call.signal
        })
        // A server of the protocol's first version answers `toolResult` instead of `content`.
        return "content" in result || !("toolResult" in result)
          ? result
          : { content: [{ type: "text", text: JSON.stringify(result["toolResult"]) }] }
      },
      close: async () => {
        options.signal.removeEventListener("abort", abort)
        await close()
      }
    }
  } catch (error) {
    options.signal.removeEventListener("abort", abort)
    await close()
    const reason = deadline.aborted && !options.signal.aborted
      ? `no answer within ${options.timeoutMs} ms (MCP_TIMEOUT)`
      : (error as Error).message
    const tail = stderrTail.trim().split("\n").slice(-3).join(" | ")
    throw new Error(`${reason}${tail === "" ? "" : ` (stderr: ${tail})`}`)
  }
}
