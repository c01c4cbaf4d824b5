// A project's own `.mcp.json` (Claude Code's project scope): it starts programs and sends requests, so it is used
// only in a trusted project (`--trust-project` or WAVE_TRUSTED_PROJECTS) whose file nobody else could have written
// (the same checks as `.wave/settings.json`, config/projectFile.ts); otherwise a notice says what was not used.
// `--strict-mcp-config` ignores it (only `--mcp-config` servers then).
import { readProjectFile } from "../config/projectFile.js"
import { type McpServerConfig, parseMcpConfig } from "./McpConfig.js"

export interface ProjectMcp {
  readonly servers: ReadonlyArray<McpServerConfig>
  readonly notices: ReadonlyArray<string>
}

export const PROJECT_MCP_FILE = ".mcp.json"

export const loadProjectMcp = (cwd: string, env: NodeJS.ProcessEnv, trusted: boolean): ProjectMcp => {
  const where = `${cwd}/${PROJECT_MCP_FILE}`
  const file = readProjectFile(cwd, [], PROJECT_MCP_FILE, trusted)
  if (file.kind === "absent") return { servers: [], notices: [] }
  if (file.kind === "refused") {
    return { servers: [], notices: trusted ? [`MCP servers in ${where} were not used: ${file.reason}`] : [] }
  }
  const parsed = parseMcpConfig(file.text, where, env)
  if ("problem" in parsed) return { servers: [], notices: [`MCP servers in ${where} were not used: ${parsed.problem}`] }
  if (!trusted) {
    return {
      servers: [],
      notices: parsed.servers.length === 0 ? [] : [
        `MCP servers in ${where} were not used (${parsed.servers.map((s) => s.name).join(", ")}): the directory is not ` +
        "trusted (pass --trust-project, or list it in WAVE_TRUSTED_PROJECTS; --mcp-config servers need no trust)"
      ]
    }
  }
  return { servers: parsed.servers, notices: [] }
}
