// A permission rule as Claude Code and wave-agent users write them: a tool name (`Bash`, `launch`, `close-app`),
// or a tool name with a specifier: `Bash(npm test)` is exactly that command, `Bash(git status:*)` that command
// followed by any arguments. Specifiers are compared word by word after quote removal, so `git  'status'` is
// `git status` and `git statusx` is not. `launch(gnome-calculator)` / `launch(firefox:*)` are the same for an app
// and its `--arg`s; `close-app(gedit)`, `clipboard-set(TEXT)` name their one argument. `Bash(git diff *)`, Claude
// Code's current spelling, is `Bash(git diff:*)`: a trailing ` *` word is the prefix form (a `*` anywhere else is a
// glob, which no rule reads: such a rule approves nothing and, as a deny rule, denies every call of its tool).
import { entryTool } from "../tools/ruleNames.js"
import { parseShell } from "./shell/parseShell.js"
import { programName } from "./shell/commandRunners.js"
import type { Word } from "./shell/ShellScript.js"

export interface PermissionRule {
  /** As the user wrote it, for messages. */
  readonly raw: string
  /** The tool it names (`close-app` is the tool `close_app`). */
  readonly tool: string
  readonly specifier?: {
    readonly words: ReadonlyArray<string>
    /** `:*`: the words are a prefix; otherwise the whole command. */
    readonly prefix: boolean
    /** Why the specifier is not one plain command (`Bash(a; b)`), if so: it then approves nothing and denies all. */
    readonly invalid?: string
  }
}

const specifierWords = (text: string): { words: ReadonlyArray<string>; invalid?: string } => {
  const script = parseShell(text)
  const [command, ...others] = script.commands
  if (script.opaque !== undefined) return { words: [], invalid: script.opaque }
  if (command === undefined || others.length > 0 || command.redirects.length > 0) {
    return { words: [], invalid: "a rule names one command without operators or redirections" }
  }
  const words = [...command.assignments, ...command.words]
  if (words.some((word) => !word.literal)) return { words: [], invalid: "a rule's words are literal text" }
  return { words: words.map((word) => word.value) }
}

export const parseRule = (raw: string): PermissionRule => {
  const text = raw.trim()
  const open = text.indexOf("(")
  if (open <= 0 || !text.endsWith(")")) return { raw: text, tool: entryTool(text) }
  const inner = text.slice(open + 1, -1)
  const prefix = inner.endsWith(":*") || /\s\*$/.test(inner)
  const { words, invalid } = specifierWords(prefix ? inner.slice(0, -2) : inner)
  return {
    raw: text,
    tool: entryTool(text.slice(0, open)),
    specifier: { words, prefix, ...(invalid === undefined ? {} : { invalid }) }
  }
}

const sameWords = (rule: ReadonlyArray<string>, words: ReadonlyArray<Word>, prefix: boolean, first: (a: string, b: string) => boolean) =>
  rule.length > 0 &&
  (prefix ? words.length >= rule.length : words.length === rule.length) &&
  rule.every((word, index) => index === 0 ? first(word, words[0]!.value) : word === words[index]!.value)

/** Whether an allow rule's specifier covers `words`, the command exactly as written. */
export const specifierAllows = (rule: PermissionRule, words: ReadonlyArray<Word>): boolean =>
  rule.specifier !== undefined && rule.specifier.invalid === undefined &&
  sameWords(rule.specifier.words, words, rule.specifier.prefix, (a, b) => a === b)

/**
 * Whether a deny rule's specifier covers `words`, one spelling of a command: its program is compared by name, so
 * `Bash(touch:*)` also denies `/usr/bin/touch x`. An invalid specifier denies everything (it must not fail open).
 */
export const specifierDenies = (rule: PermissionRule, words: ReadonlyArray<Word>): boolean =>
  rule.specifier === undefined || rule.specifier.invalid !== undefined ||
  sameWords(rule.specifier.words, words, rule.specifier.prefix, (a, b) => a.includes("/") ? a === b : a === programName(b))
