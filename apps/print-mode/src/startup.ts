// Start-up without the runtime: for a new stream-json run, system/init needs only the settings, a fresh session id
// and the tool names, all Effect-free. It is written before the agent, Effect and the store are even loaded
// (start-up budget: init within 2x `node -e 0`); everything else is imported afterwards.
import type { CreatedInfo } from "@agent-desktop/agent"
import { availableToolNames, isSettingsProblem, newSessionId, parseToolList, readModelSettings } from "@agent-desktop/agent/startup"
import { parseArgs } from "./cli/parseArgs.js"
import type { MainIo } from "./main.js"
import * as fs from "node:fs"
import * as path from "node:path"
import { OutputWriter } from "./output/OutputWriter.js"
import { installStdoutGuard } from "./output/stdoutGuard.js"
import { emptyStream, streamCreated } from "./projection/streamJsonState.js"

export const startup = async (io: MainIo): Promise<number> => {
  const startedAt = Date.now()
  const parsed = parseArgs(io.argv)
  if (parsed.kind === "ok") {
    const args = parsed.args
    // Only a run whose prompt is on the command line and whose tools are known without connecting anything.
    const fresh = args.print && args.outputFormat === "stream-json" && !args.help && !args.version &&
      args.restore === undefined && !args.continue && args.message !== undefined &&
      args.inputFormat === "text" && args.systemPromptFile === undefined && args.appendSystemPromptFile === undefined &&
      args.mcpConfigs.length === 0 && (args.strictMcpConfig || args.bare || !fs.existsSync(path.join(io.cwd, ".mcp.json")))
    const settings = fresh ? readModelSettings(io.env, { model: args.model }) : undefined
    if (settings !== undefined && !isSettingsProblem(settings)) {
      const writer = new OutputWriter()
      installStdoutGuard()
      const init: CreatedInfo = {
        sessionId: newSessionId(),
        model: settings.model,
        cwd: io.cwd,
        permissionMode: args.permissionMode,
        tools: availableToolNames({
          desktop: io.env["WAVE_DISABLE_DESKTOP"] !== "1",
          tools: parseToolList(args.tools),
          disallowed: parseToolList(args.disallowedTools)
        }),
        restored: false,
        mcpServers: []
      }
      const [stream, lines] = streamCreated(emptyStream, init, 1)
      for (const line of lines) writer.out(line)
      const { resolveInputs, runPrint } = await import("./main.js")
      // A prompt on stdin as well is read after init (it may take the stdin timeout); the files are excluded above.
      const inputs = await resolveInputs(args, io)
      if ("error" in inputs) throw new Error(inputs.error)
      return runPrint(args, io, startedAt, { writer, stream, init }, inputs)
    }
  }
  const { main } = await import("./main.js")
  return main(io, startedAt)
}
