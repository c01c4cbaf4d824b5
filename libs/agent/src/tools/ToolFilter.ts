// --allowed-tools / --disallowed-tools: names separated by commas or spaces; disallowed wins. An allowed entry may be
// a permission rule such as `Bash(git status:*)` (permissions/PermissionRule.ts): for offering, it names its tool;
// a disallowed entry removes its tool only when it names the whole tool (`Bash(rm:*)` denies just those calls).
// A desktop tool may be spelled as its command (`close-app` is the tool `close_app`).
import { toolName } from "@agent-desktop/contracts/commands"

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

const toolOf = (entry: string): string => toolName(entry.includes("(") ? entry.slice(0, entry.indexOf("(")) : entry)

export const filterTools = <T extends { readonly name: string }>(
  tools: ReadonlyArray<T>,
  options: { readonly allowed?: ReadonlyArray<string> | undefined; readonly disallowed?: ReadonlyArray<string> | undefined }
): Array<T> =>
  tools.filter((tool) =>
    (options.allowed === undefined || options.allowed.some((entry) => toolOf(entry) === tool.name)) &&
    !(options.disallowed ?? []).some((entry) => !entry.includes("(") && toolOf(entry) === tool.name)
  )
