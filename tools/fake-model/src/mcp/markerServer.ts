// A small MCP server of our own, built on the official SDK, for testing MCP clients (wave's `--mcp-config`): its
// `write_marker` tool writes a file, so a test can check through the file system — not through the client's own
// report — that a call really reached the server. `read_marker` and `read_env` are annotated readOnlyHint (the
// latter shows which environment a stdio server was given), `fail` answers an error result.
import * as fs from "node:fs"
import * as path from "node:path"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js"

const TOOLS = [
  {
    name: "write_marker",
    description: "Write `text` into the file `path` (relative to the server's working directory).",
    inputSchema: {
      type: "object" as const,
      properties: { path: { type: "string" }, text: { type: "string" } },
      required: ["path", "text"]
    }
  },
  {
    name: "read_marker",
    description: "Read the file `path`.",
    inputSchema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] },
    annotations: { readOnlyHint: true }
  },
  {
    name: "read_env",
    description: "The value of the environment variable `name` in the server's process (or (unset)).",
    inputSchema: { type: "object" as const, properties: { name: { type: "string" } }, required: ["name"] },
    annotations: { readOnlyHint: true }
  },
  {
    name: "fail",
    description: "Always answers an error result.",
    inputSchema: { type: "object" as const, properties: {} }
  }
]

const text = (value: string, isError = false) => ({ content: [{ type: "text" as const, text: value }], ...(isError ? { isError } : {}) })

/** A fresh server (one per connection), named `name`, serving the marker tools from `cwd`. */
export const createMarkerServer = (name = "marker", cwd = process.cwd()): Server => {
  const server = new Server({ name, version: "1.0.0" }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }))
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>
    switch (request.params.name) {
      case "write_marker": {
        const file = path.resolve(cwd, String(args["path"]))
        fs.writeFileSync(file, String(args["text"]))
        return text(`wrote ${Buffer.byteLength(String(args["text"]))} bytes to ${file}`)
      }
      case "read_marker":
        try {
          return text(fs.readFileSync(path.resolve(cwd, String(args["path"])), "utf8"))
        } catch (error) {
          return text((error as Error).message, true)
        }
      case "read_env":
        return text(process.env[String(args["name"])] ?? "(unset)")
      case "fail":
        return text("MARKER_TOOL_FAILED on purpose", true)
      default:
        return text(`unknown tool ${request.params.name}`, true)
    }
  })
  return server
}
