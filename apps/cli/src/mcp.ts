/**
 * `agent-desktop mcp`: the MCP server (libs/mcp-server) on this process's stdio. Loaded only for this subcommand;
 * it answers in MCP, not in envelopes, so it is dispatched before the envelope CLI's parser.
 */
import { runMcpServer } from "@agent-desktop/mcp-server"
import { BINARY_VERSION } from "./HelpText.js"

export const runMcp = async (argv: ReadonlyArray<string>): Promise<number> => {
  const code = await runMcpServer(argv, { env: process.env, stderr: (text) => void process.stderr.write(text), version: BINARY_VERSION })
  // The caller exits right after: a large answer still being written to a slow reader must reach it whole.
  await new Promise<void>((resolve) => process.stdout.write("", () => resolve()))
  return code
}
