// Which tool a permission rule or tool-list entry names, and which names cover a tool. Desktop commands may be
// spelled as their command (`close-app` is the tool `close_app`); an MCP tool `mcp__<server>__<tool>` is also
// covered by its server's name, `mcp__<server>` or `mcp__<server>__*`, as in Claude Code. MCP names are kept as
// written (a server may be called `my-server`).
import { toolName } from "@agent-desktop/contracts/commands"

export const MCP_PREFIX = "mcp__"

/** The tool an entry names, without its `(specifier)`. */
export const entryTool = (entry: string): string => {
  const open = entry.indexOf("(")
  const name = (open > 0 ? entry.slice(0, open) : entry).trim()
  return name.startsWith(MCP_PREFIX) ? name : toolName(name)
}

/** The MCP server of a tool called `mcp__<server>__<tool>`, or undefined. */
export const mcpServerOf = (tool: string): string | undefined => {
  if (!tool.startsWith(MCP_PREFIX)) return undefined
  const rest = tool.slice(MCP_PREFIX.length)
  const end = rest.indexOf("__")
  return end > 0 ? rest.slice(0, end) : undefined
}

/** Every name a rule may use to mean `tool`. */
export const namesCovering = (tool: string): ReadonlyArray<string> => {
  const server = mcpServerOf(tool)
  return server === undefined ? [tool] : [tool, `${MCP_PREFIX}${server}`, `${MCP_PREFIX}${server}__*`]
}

export const covers = (ruleTool: string, tool: string): boolean => namesCovering(tool).includes(ruleTool)
