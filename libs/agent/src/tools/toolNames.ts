// The names of the main agent's tools, in the order the agent builds them; pure, for system/init at start-up.
import { DESKTOP_COMMANDS, toolName } from "./desktopCommands.js"
import { filterTools } from "./ToolFilter.js"

export const availableToolNames = (options: {
  readonly desktop: boolean
  readonly allowed?: ReadonlyArray<string> | undefined
  readonly disallowed?: ReadonlyArray<string> | undefined
}): Array<string> =>
  filterTools(
    [
      ...(options.desktop ? DESKTOP_COMMANDS.map((spec) => ({ name: toolName(spec.command) })) : []),
      { name: "Bash" },
      { name: "Agent" }
    ],
    { allowed: options.allowed, disallowed: options.disallowed }
  ).map((tool) => tool.name)
