import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

/** An MCP client (the official SDK) connected to `agent-desktop mcp` of `bin`, started with `env`. */
export const connectMcpClient = async (bin: string, env: NodeJS.ProcessEnv, name: string): Promise<Client> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "mcp"],
    env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stderr: "ignore"
  })
  const client = new Client({ name, version: "1" })
  await client.connect(transport)
  return client
}
