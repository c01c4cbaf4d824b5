/**
 * The MCP tool list, derived from the contract's command spec (the import-free manifest). A command is a tool of its
 * own, named as wave names it (`list-apps` -> `list_apps`), unless its spec entry puts it in an agent group: commands
 * that differ by one argument are offered as one tool whose key argument picks the command (`window` with
 * `action: "move"`; agentGroups.ts in the spec). Only commands this platform supports are offered; `--read-only` keeps
 * the observation commands and `--tools` the named tools or commands. Nothing here lists commands.
 */
import { AGENT_GROUPS, COMMANDS, type ManifestCommand, toolName } from "@agent-desktop/contracts/commands"
import type { McpOptions } from "./McpOptions.js"
import { groupInputSchema, hiddenArgs, listedSchema, memberInputSchema, type ToolInputSchema } from "./ToolInput.js"

/** One command a tool runs: the key's value that picks it in a group tool (undefined for a tool of its own). */
export interface ToolMember {
  readonly command: string
  readonly spec: ManifestCommand
  readonly value?: string
  readonly isDefault: boolean
  readonly readOnly: boolean
  /** The command's own arguments (the agent profile's defaults filled in): what a call is checked against. */
  readonly inputSchema: ToolInputSchema
}

export interface CatalogTool {
  readonly name: string
  /** The key argument that picks the member of a group tool; undefined for a tool of one command. */
  readonly key?: string
  readonly members: ReadonlyArray<ToolMember>
  readonly title: string
  /** When an agent uses the tool: the spec's `use` (a group's, with its members' under the key). */
  readonly description: string
  readonly readOnly: boolean
  /** What `tools/list` shows (ToolInput.ts `listedSchema`); each call is checked against its member's whole schema. */
  readonly inputSchema: ToolInputSchema
}

const PLATFORM: Readonly<Record<string, "linux" | "macos" | "windows">> = { linux: "linux", darwin: "macos", win32: "windows" }

export type Catalog = { readonly ok: true; readonly tools: ReadonlyArray<CatalogTool> } | { readonly ok: false; readonly message: string }

interface Candidate {
  readonly command: string
  readonly spec: ManifestCommand
  /** The tool the command is offered in: its group, or its own. */
  readonly tool: string
}

const candidateOf = (command: string, spec: ManifestCommand): Candidate =>
  ({ command, spec, tool: spec.agentGroup?.tool ?? toolName(command) })

/** Why a command exists but is not offered here: from its support entry. */
const notOffered = (name: string, spec: ManifestCommand, os: "linux" | "macos" | "windows" | undefined): string => {
  if (os === undefined) return `'${name}': this platform has no desktop adapter`
  switch (spec.support[os]) {
    case "fail_closed":
      return `'${name}' refuses by design on every platform (${spec.description})`
    case "not_applicable":
      return `'${name}' has no ${os} counterpart (${spec.refusal?.[os] ?? spec.description})`
    default:
      return `'${name}' is not implemented on ${os}`
  }
}

/** The commands a `--tools` name selects, or why it selects none. */
const selectedBy = (
  name: string,
  supported: ReadonlyArray<Candidate>,
  os: "linux" | "macos" | "windows" | undefined
): { readonly ok: true; readonly commands: ReadonlyArray<Candidate> } | { readonly ok: false; readonly reason: string } => {
  const asTool = supported.filter((candidate) => candidate.tool === name)
  if (asTool.length > 0) return { ok: true, commands: asTool }
  const asCommand = supported.filter((candidate) => candidate.command === name || toolName(candidate.command) === name)
  if (asCommand.length > 0) return { ok: true, commands: asCommand }
  const known = Object.entries(COMMANDS).find(([command]) => command === name || toolName(command) === name)
  if (known !== undefined) return { ok: false, reason: notOffered(name, known[1], os) }
  return { ok: false, reason: `'${name}' names no tool or command (tools/list shows the tools; each takes its commands' names too)` }
}

const memberOf = (candidate: Candidate, options: McpOptions): ToolMember => ({
  command: candidate.command,
  spec: candidate.spec,
  ...(candidate.spec.agentGroup === undefined ? {} : { value: candidate.spec.agentGroup.value }),
  isDefault: candidate.spec.agentGroup?.default === true,
  readOnly: candidate.spec.readOnly === true,
  inputSchema: memberInputSchema(candidate.spec, options.profile)
})

const toolOf = (name: string, members: ReadonlyArray<ToolMember>): CatalogTool => {
  const group = Object.hasOwn(AGENT_GROUPS, name) ? AGENT_GROUPS[name] : undefined
  const readOnly = members.every((member) => member.readOnly)
  const hidden = new Set(members.flatMap((member) => [...hiddenArgs(member.spec)]))
  if (group === undefined) {
    const member = members[0]!
    return {
      name,
      members,
      title: member.spec.summary,
      description: member.spec.use ?? member.spec.summary,
      readOnly,
      inputSchema: listedSchema(member.inputSchema, hidden)
    }
  }
  return {
    name,
    key: group.key,
    members,
    title: members.map((member) => member.spec.summary).join("; "),
    description: group.use,
    readOnly,
    inputSchema: listedSchema(groupInputSchema(group.key, members), hidden)
  }
}

export const toolCatalog = (options: McpOptions, platform: string = process.platform): Catalog => {
  const os = PLATFORM[platform]
  const supported = Object.entries(COMMANDS)
    .filter(([, spec]) => os !== undefined && spec.support[os] === "supported")
    .map(([command, spec]) => candidateOf(command, spec))
  let chosen = supported
  if (options.tools !== undefined) {
    const refused: Array<string> = []
    const picked = new Set<Candidate>()
    for (const name of options.tools) {
      const selection = selectedBy(name, supported, os)
      if (!selection.ok) {
        refused.push(selection.reason)
        continue
      }
      const allowed = options.readOnly ? selection.commands.filter((candidate) => candidate.spec.readOnly === true) : selection.commands
      if (allowed.length === 0) {
        refused.push(`'${name}' acts on apps or writes files, and --read-only offers observation tools only`)
        continue
      }
      for (const candidate of allowed) picked.add(candidate)
    }
    if (refused.length > 0) return { ok: false, message: `--tools: ${refused.join("; ")}` }
    chosen = supported.filter((candidate) => picked.has(candidate))
  } else if (options.readOnly) {
    chosen = supported.filter((candidate) => candidate.spec.readOnly === true)
  }
  // Tools in the spec's help order: a tool sits where its first command is.
  const byTool = new Map<string, Array<ToolMember>>()
  for (const candidate of chosen) {
    const members = byTool.get(candidate.tool) ?? []
    members.push(memberOf(candidate, options))
    byTool.set(candidate.tool, members)
  }
  // A group's default choice comes first, so its key's list starts with what a call without the key does.
  const ordered = (members: ReadonlyArray<ToolMember>) => [...members.filter((member) => member.isDefault), ...members.filter((member) => !member.isDefault)]
  return { ok: true, tools: [...byTool].map(([name, members]) => toolOf(name, ordered(members))) }
}

/** Every command the catalog offers (what `batch` may run when the server's options limit the tools). */
export const offeredCommands = (tools: ReadonlyArray<CatalogTool>): ReadonlyArray<string> =>
  tools.flatMap((tool) => tool.members.map((member) => member.command))
