#!/usr/bin/env node
// The marker MCP server on stdio: `node dist/mcp/stdioMain.js [name]`. Says on stderr that it started, as servers do.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { createMarkerServer } from "./markerServer.js"

const name = process.argv[2] ?? "marker"
process.stderr.write(`marker MCP server "${name}" listening on stdio\n`)
await createMarkerServer(name).connect(new StdioServerTransport())
