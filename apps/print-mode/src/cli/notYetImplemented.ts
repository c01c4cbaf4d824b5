// Flags parsed but not wired yet: refused with a clear error rather than ignored.
import type { WaveArgs } from "./parseArgs.js"

export const notYetImplemented = (args: WaveArgs): string | undefined =>
  args.mcpConfigs.length > 0
    ? "--mcp-config is not implemented yet"
    : args.systemPrompt !== undefined || args.systemPromptFile !== undefined || args.appendSystemPrompt !== undefined ||
        args.appendSystemPromptFile !== undefined
    ? "--system-prompt / --append-system-prompt are not implemented yet"
    : args.inputFormat !== "text"
    ? "--input-format stream-json is not implemented yet"
    : args.verbose
    ? "--verbose is not implemented yet"
    : undefined
