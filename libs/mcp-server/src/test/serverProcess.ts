// `agent-desktop mcp` as its own process for the SDK-client tests: real stdio, the real engine (bundled by
// serverBundle.ts, since Node 20 cannot run TypeScript).
import { runMcpServer } from "../McpServer.js"

void runMcpServer(process.argv.slice(2), {
  env: process.env,
  stderr: (text) => process.stderr.write(text),
  version: "0.0.0-test"
}).then((code) => process.exit(code))
