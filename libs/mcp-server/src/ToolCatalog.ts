/**
 * The MCP tool list, derived from the contract's command spec (the import-free manifest): a tool per command this
 * platform supports, named as wave names them (`list-apps` -> `list_apps`), with the command's description, its
 * arguments as `inputSchema` (its envelope in the pinned contract, the `outputSchema`, is added by `tools/list`, which
 * loads the schemas only when asked: `outputSchema.ts`). Nothing here lists commands.
 */
import { argumentsSchema, COMMANDS, type ManifestCommand, toolName } from "@agent-desktop/contracts/commands"
import type { McpOptions } from "./McpOptions.js"

export interface CatalogTool {
  readonly name: string
  readonly command: string
  readonly spec: ManifestCommand
  readonly readOnly: boolean
  readonly inputSchema: ReturnType<typeof argumentsSchema>
}

const PLATFORM: Readonly<Record<string, "linux" | "macos" | "windows">> = { linux: "linux", darwin: "macos", win32: "windows" }

export type Catalog = { readonly ok: true; readonly tools: ReadonlyArray<CatalogTool> } | { readonly ok: false; readonly message: string }

export const toolCatalog = (options: McpOptions, platform: string = process.platform): Catalog => {
  const os = PLATFORM[platform]
  const supported = Object.entries(COMMANDS).filter(([, spec]) => os !== undefined && spec.support[os] === "supported")
  const all = supported.map(([command, spec]) => ({ command, spec, name: toolName(command), readOnly: spec.readOnly === true }))
  if (options.tools !== undefined) {
    const unknown = options.tools.filter((name) => !all.some((tool) => tool.name === name || tool.command === name))
    if (unknown.length > 0) return { ok: false, message: `--tools names no supported tool: ${unknown.join(", ")}` }
  }
  const chosen = all.filter((tool) =>
    (!options.readOnly || tool.readOnly) &&
    (options.tools === undefined || options.tools.includes(tool.name) || options.tools.includes(tool.command))
  )
  return { ok: true, tools: chosen.map((tool) => ({ ...tool, inputSchema: argumentsSchema(tool.spec) })) }
}
