// Flags parsed but not wired yet: refused with a clear error rather than ignored.
import type { WaveArgs } from "./parseArgs.js"

export const notYetImplemented = (args: WaveArgs): string | undefined =>
  args.mcpConfigs.length > 0 ? "--mcp-config is not implemented yet" : undefined
