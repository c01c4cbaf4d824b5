/**
 * Which command a `tools/call` runs. A listed tool of one command runs it; a group tool runs the member its key
 * picks (its default member when the key is left out), with the key taken out of the arguments. A command's own tool
 * name (`double_click`, `move_window`) still reaches that command when it is offered as a choice of a group, so MCP
 * configurations and scripts written against one tool per command keep working; it is not listed.
 */
import { toolName } from "@agent-desktop/contracts/commands"
import type { CatalogTool, ToolMember } from "./ToolCatalog.js"

export type Route =
  | { readonly ok: true; readonly tool: CatalogTool; readonly member: ToolMember; readonly args: Readonly<Record<string, unknown>> }
  /** The key is missing or names no member: an INVALID_ARGS envelope of `command` (the group's first member). */
  | { readonly ok: false; readonly tool: CatalogTool; readonly command: string; readonly message: string }

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** undefined: no tool or offered command answers to `name` (a protocol error). */
export const routeCall = (tools: ReadonlyArray<CatalogTool>, name: string, rawArgs: unknown): Route | undefined => {
  const args = isRecord(rawArgs) ? rawArgs : {}
  const tool = tools.find((candidate) => candidate.name === name)
  if (tool !== undefined) {
    if (tool.key === undefined) return { ok: true, tool, member: tool.members[0]!, args }
    const { [tool.key]: value, ...rest } = args
    const values = tool.members.map((member) => member.value).join(", ")
    const member = value === undefined
      ? tool.members.find((candidate) => candidate.isDefault)
      : tool.members.find((candidate) => candidate.value === value)
    if (member === undefined) {
      const message = value === undefined
        ? `${tool.name} needs ${tool.key}: one of ${values}`
        : `${tool.name}: ${tool.key} ${JSON.stringify(value)} is not one of ${values}`
      return { ok: false, tool, command: tool.members[0]!.command, message }
    }
    return { ok: true, tool, member, args: rest }
  }
  for (const candidate of tools) {
    const member = candidate.members.find((offered) => toolName(offered.command) === name || offered.command === name)
    if (member !== undefined) return { ok: true, tool: candidate, member, args }
  }
  return undefined
}
