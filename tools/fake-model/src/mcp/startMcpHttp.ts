// The marker MCP server over HTTP on 127.0.0.1 (port 0): streamable HTTP at `/mcp` (stateless: a server per
// request) and the older HTTP+SSE transport at `/sse` (+ `/messages`). Every request's headers are recorded, and
// with `requireHeaders` a request without them gets 401, so a client's configured headers can be checked.
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { createMarkerServer } from "./markerServer.js"

export interface McpHttpServer {
  /** Streamable HTTP endpoint. */
  readonly url: string
  /** HTTP+SSE endpoint. */
  readonly sseUrl: string
  readonly requests: ReadonlyArray<{ readonly method: string; readonly path: string; readonly headers: http.IncomingHttpHeaders }>
  readonly close: () => Promise<void>
}

export const startMcpHttp = async (options: { readonly cwd?: string; readonly requireHeaders?: Readonly<Record<string, string>> } = {}): Promise<McpHttpServer> => {
  const requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }> = []
  const sse = new Map<string, SSEServerTransport>()
  const cwd = options.cwd ?? process.cwd()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost")
    requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers })
    for (const [name, value] of Object.entries(options.requireHeaders ?? {})) {
      if (req.headers[name.toLowerCase()] !== value) {
        res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: `missing ${name}` }))
        return
      }
    }
    void (async () => {
      if (url.pathname === "/mcp") {
        const mcp = createMarkerServer("marker-http", cwd)
        const transport = new StreamableHTTPServerTransport({})
        res.on("close", () => {
          void transport.close()
          void mcp.close()
        })
        await mcp.connect(transport)
        await transport.handleRequest(req, res)
        return
      }
      if (url.pathname === "/sse" && req.method === "GET") {
        const transport = new SSEServerTransport("/messages", res)
        sse.set(transport.sessionId, transport)
        res.on("close", () => sse.delete(transport.sessionId))
        await createMarkerServer("marker-sse", cwd).connect(transport)
        return
      }
      if (url.pathname === "/messages" && req.method === "POST") {
        const transport = sse.get(url.searchParams.get("sessionId") ?? "")
        if (transport === undefined) {
          res.writeHead(404).end("no such session")
          return
        }
        await transport.handlePostMessage(req, res)
        return
      }
      res.writeHead(404).end("not found")
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sseUrl: `http://127.0.0.1:${port}/sse`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** The compiled stdio entry (`dist/mcp/stdioMain.js`) for `{"command": "node", "args": [MARKER_STDIO_SERVER]}`. */
export const MARKER_STDIO_SERVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  // From src/mcp (tests run the sources) or dist/mcp (the built package), the entry is in dist/mcp.
  "..",
  "..",
  "dist",
  "mcp",
  "stdioMain.js"
)
