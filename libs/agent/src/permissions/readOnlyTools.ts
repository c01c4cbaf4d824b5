// The desktop tools that only observe, from the command spec's `readOnly` (sends nothing to any app, changes no
// window, clipboard or process): the tools `plan` mode may run. Never a list of its own here: the spec decides.
import { COMMANDS, toolName } from "@agent-desktop/contracts/commands"

export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(
  Object.entries(COMMANDS).filter(([, spec]) => spec.readOnly === true).map(([name]) => toolName(name))
)
