// The names of the main agent's built-in tools, in the order the agent builds them; pure, for system/init at
// start-up (a run with MCP servers announces init after connecting them, with their tools).
import { DESKTOP_COMMANDS, toolName } from "./desktopCommands.js"
import { filterTools, type ToolSelection } from "./ToolFilter.js"

export const availableToolNames = (options: { readonly desktop: boolean } & ToolSelection): Array<string> =>
  filterTools(
    [
      ...(options.desktop ? DESKTOP_COMMANDS.map((spec) => ({ name: toolName(spec.command) })) : []),
      { name: "Bash" },
      { name: "Agent" }
    ],
    { tools: options.tools, disallowed: options.disallowed }
  ).map((tool) => tool.name)
