// Which tools the model is offered. As in Claude Code, `--allowed-tools` does not cut this list (its rules only
// pre-approve calls; the permission gate decides): `--tools` names the built-in tools offered (desktop tools, Bash,
// Agent; "" offers none, MCP tools are not affected), and a `--disallowed-tools` entry that names a whole tool
// (`Bash`, `close-app`, `mcp__github`) removes it; one with a specifier (`Bash(rm:*)`) only denies those calls.
import { covers, entryTool, MCP_PREFIX } from "./ruleNames.js"

/** Splits on commas and spaces outside parentheses, so `Bash(git status:*)` stays one entry. */
export const parseToolList = (raw: string | undefined): ReadonlyArray<string> | undefined => {
  if (raw === undefined) return undefined
  const entries: Array<string> = []
  let current = ""
  let depth = 0
  for (const char of raw) {
    if (char === "(") depth++
    if (char === ")") depth = Math.max(0, depth - 1)
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      if (current.trim().length > 0) entries.push(current.trim())
      current = ""
    } else {
      current += char
    }
  }
  if (current.trim().length > 0) entries.push(current.trim())
  return entries
}

export interface ToolSelection {
  /** `--tools`: the built-in tools offered; undefined offers all of them. */
  readonly tools?: ReadonlyArray<string> | undefined
  /** `--disallowed-tools`: entries without a specifier remove their tools. */
  readonly disallowed?: ReadonlyArray<string> | undefined
}

export const filterTools = <T extends { readonly name: string }>(tools: ReadonlyArray<T>, selection: ToolSelection): Array<T> =>
  tools.filter((tool) =>
    (selection.tools === undefined || tool.name.startsWith(MCP_PREFIX) ||
      selection.tools.some((entry) => entryTool(entry) === tool.name)) &&
    !(selection.disallowed ?? []).some((entry) => !entry.includes("(") && covers(entryTool(entry), tool.name))
  )
