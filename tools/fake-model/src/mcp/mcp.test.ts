// The marker MCP server through the official SDK client, over stdio, streamable HTTP and HTTP+SSE; each write is
// checked on disk, not through the client's answer.
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { describe, expect, it } from "vitest"
import { MARKER_STDIO_SERVER, startMcpHttp } from "./startMcpHttp.js"

const useServer = async (transport: Transport, dir: string, marker: string) => {
  const client = new Client({ name: "test", version: "1" })
  await client.connect(transport)
  try {
    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name)).toEqual(["write_marker", "read_marker", "read_env", "fail"])
    expect(tools.tools.find((tool) => tool.name === "read_marker")?.annotations?.readOnlyHint).toBe(true)
    const wrote = await client.callTool({ name: "write_marker", arguments: { path: path.join(dir, marker), text: "MARKER" } })
    expect(wrote.isError).toBeUndefined()
    expect(fs.readFileSync(path.join(dir, marker), "utf8")).toBe("MARKER")
    const failed = await client.callTool({ name: "fail", arguments: {} })
    expect(failed.isError).toBe(true)
  } finally {
    await client.close()
  }
}

describe("the marker MCP server", () => {
  it("serves its tools over stdio, streamable HTTP and HTTP+SSE", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marker-mcp-"))
    await useServer(new StdioClientTransport({ command: process.execPath, args: [MARKER_STDIO_SERVER], stderr: "pipe" }), dir, "stdio.txt")
    const server = await startMcpHttp({ cwd: dir, requireHeaders: { authorization: "Bearer T" } })
    try {
      const headers = { authorization: "Bearer T" }
      await useServer(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }), dir, "http.txt")
      await useServer(new SSEClientTransport(new URL(server.sseUrl), {
        requestInit: { headers },
        eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) }
      }), dir, "sse.txt")
      const refused = new Client({ name: "test", version: "1" })
      await expect(refused.connect(new StreamableHTTPClientTransport(new URL(server.url)))).rejects.toThrow()
    } finally {
      await server.close()
    }
  })
})
