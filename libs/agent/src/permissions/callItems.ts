// What a tool call would do, as the items the permission gate judges. A plain desktop tool is one item; a Bash
// command line is one item per simple command it can run (substitutions, `sh -c` scripts and wrapped commands
// included); `launch` is the start of a program (its own rules) and that program's argv under the Bash rules (a
// shell, interpreter or terminal is running a command; any other program still meets Bash deny rules); `batch` is
// its entries.
import { toolName } from "@agent-desktop/contracts/commands"
import { isLoaderVariable } from "./loaderEnvironment.js"
import type { ToolApproval } from "../tools/Tool.js"
import { READ_ONLY_TOOLS } from "./readOnlyTools.js"
import { runsCommands } from "./shell/commandRunners.js"
import { commandViews } from "./shell/commandViews.js"
import { parseShell } from "./shell/parseShell.js"
import { literalWord, type Redirect, type ShellScript, type Word, wordsText } from "./shell/ShellScript.js"

export interface CallItem {
  /** The tool whose rules judge it. */
  readonly tool: string
  /** What it is, for messages. */
  readonly label: string
  /** The words an allow rule's specifier must match, as written (assignments included); undefined: none can. */
  readonly written: ReadonlyArray<Word> | undefined
  /** Every spelling a deny rule's specifier is matched against. */
  readonly views: ReadonlyArray<ReadonlyArray<Word>>
  /** Why no deny rule with a specifier can be checked against it, if so: such a rule then denies it. */
  readonly unknowable: string | undefined
  /** Why an allow rule with a specifier cannot approve it (a redirection to a file), if so. */
  readonly notApprovable: string | undefined
  /** Outside bypassPermissions it runs only when an allow rule matches. */
  readonly gated: boolean
  /** Why a bare allow rule is not enough (a loader variable for `launch`), if so. */
  readonly needsSpecifier?: string
  /** Only deny rules with a specifier judge it: a program `launch` starts, under the Bash rules. */
  readonly denyOnly: boolean
  /** `plan` mode may run it. */
  readonly readOnly: boolean
}

export type Expansion = { readonly items: ReadonlyArray<CallItem> } | { readonly refused: string }

const MAX_BATCH_DEPTH = 4

const shorten = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}...` : text)

const plain = (tool: string): CallItem => ({
  tool,
  label: tool,
  written: undefined,
  views: [],
  unknowable: undefined,
  notApprovable: undefined,
  gated: false,
  denyOnly: false,
  readOnly: READ_ONLY_TOOLS.has(tool) || tool === "Agent" || tool === "batch"
})

/** Redirections an allow rule may approve: descriptor duplication, /dev/null, and data fed to stdin. */
const redirectProblem = (redirects: ReadonlyArray<Redirect>): string | undefined => {
  for (const redirect of redirects) {
    if (["<<", "<<-", "<<<"].includes(redirect.op)) continue
    const target = redirect.target?.value ?? ""
    if ((redirect.op === ">&" || redirect.op === "<&") && /^(\d+|-)$/.test(target)) continue
    if (target === "/dev/null" && redirect.target?.literal === true) continue
    return `it redirects ${redirect.op} ${target}`
  }
  return undefined
}

interface Judging {
  readonly gated: boolean
  readonly denyOnly: boolean
}

const commandItems = (
  assignments: ReadonlyArray<Word>,
  words: ReadonlyArray<Word>,
  redirects: ReadonlyArray<Redirect>,
  judging: Judging
): Array<CallItem> => {
  const written = [...assignments, ...words]
  const { views, scripts, unknowable } = commandViews(words, redirects)
  const item: CallItem = {
    tool: "Bash",
    label: `the command "${shorten(wordsText(written))}"`,
    written,
    views: assignments.length > 0 ? [...views, written] : views,
    unknowable,
    notApprovable: redirectProblem(redirects),
    gated: judging.gated,
    denyOnly: judging.denyOnly,
    readOnly: false
  }
  return [item, ...scripts.flatMap((script) => scriptItems(script, judging))]
}

const scriptItems = (script: ShellScript, judging: Judging): Array<CallItem> => {
  const items = script.commands.flatMap((command) => commandItems(command.assignments, command.words, command.redirects, judging))
  if (script.opaque !== undefined) {
    items.push({
      tool: "Bash",
      label: "the command line",
      written: undefined,
      views: [],
      unknowable: `it cannot be read completely (${script.opaque})`,
      notApprovable: script.opaque,
      gated: judging.gated,
      denyOnly: judging.denyOnly,
      readOnly: false
    })
  }
  return items
}

const record = (input: unknown): Readonly<Record<string, unknown>> =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? input as Record<string, unknown> : {}

const strings = (value: unknown): Array<string> =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : typeof value === "string" ? [value] : []

const bash = (input: unknown): Expansion => {
  const command = record(input)["command"]
  if (typeof command !== "string") return { refused: "Bash needs a `command` string" }
  const items = scriptItems(parseShell(command), { gated: true, denyOnly: false })
  // Nothing to run (an empty line, a comment) is still a Bash call: only a bare rule approves it.
  return { items: items.length > 0 ? items : [{ ...plain("Bash"), label: "an empty command", written: [], gated: true, readOnly: false }] }
}

const launch = (input: unknown): Expansion => {
  const args = record(input)
  const app = args["app"]
  if (typeof app !== "string" || app.length === 0) return { refused: "launch needs an `app`" }
  const argv = [app, ...strings(args["arg"])].map(literalWord)
  const loader = strings(args["env"]).filter((entry) => isLoaderVariable(entry.includes("=") ? entry.slice(0, entry.indexOf("=")) : entry))
  const written = [...loader.map(literalWord), ...argv]
  const start: CallItem = {
    tool: "launch",
    label: `starting "${shorten(wordsText(written))}"`,
    written,
    views: loader.length > 0 ? [argv, written] : [argv],
    unknowable: undefined,
    notApprovable: undefined,
    gated: true,
    ...(loader.length > 0
      ? { needsSpecifier: `--env ${loader.map((entry) => entry.split("=")[0]).join(", ")} can make the app load or run other code` }
      : {}),
    denyOnly: false,
    readOnly: false
  }
  // No shell is involved: the argv is what runs. A shell, interpreter or terminal runs a command (Bash rules approve
  // it); any other program is still what a Bash deny rule names (`Bash(touch:*)` denies starting touch).
  const shellLike = runsCommands(app)
  return { items: [start, ...commandItems([], argv, [], { gated: shellLike, denyOnly: !shellLike })] }
}

const oneArgument = (tool: string, words: ReadonlyArray<string>): Expansion => {
  const written = words.map(literalWord)
  return {
    items: [{
      ...plain(tool),
      label: `${tool} "${shorten(words.join(" "))}"`,
      written,
      views: [written],
      gated: true,
      readOnly: false
    }]
  }
}

const batch = (input: unknown, depth: number): Expansion => {
  if (depth >= MAX_BATCH_DEPTH) return { refused: "batch entries nest too deep to be judged" }
  let entries: unknown
  try {
    entries = JSON.parse(String(record(input)["json"] ?? ""))
  } catch {
    return { refused: "the batch is not JSON, so its entries cannot be judged" }
  }
  if (!Array.isArray(entries)) return { refused: "the batch is not a JSON array, so its entries cannot be judged" }
  const items: Array<CallItem> = [plain("batch")]
  for (const entry of entries) {
    const command = record(entry)["command"]
    if (typeof command !== "string") return { refused: "a batch entry has no `command`, so it cannot be judged" }
    const expanded = expandCall(toolName(command), record(entry)["args"] ?? {}, depth + 1)
    if ("refused" in expanded) return expanded
    items.push(...expanded.items)
  }
  return { items }
}

/** The items a call of `tool` with `input` is judged by, or why it cannot be judged at all. */
/**
 * A tool of an MCP server: one item that needs an allow rule (its name, `mcp__<server>` or `mcp__<server>__*`)
 * outside bypassPermissions. Its input is not a command line, so a deny rule with a specifier cannot be checked
 * against it (and so denies it) and an allow rule with one never approves it. Read-only only by the server's word.
 */
const mcpItem = (tool: string, approval: ToolApproval): CallItem => ({
  tool,
  label: tool,
  written: undefined,
  views: [],
  unknowable: "an MCP tool's input is not a command line a rule's specifier could be checked against",
  notApprovable: "an MCP tool's input is not a command line",
  gated: true,
  denyOnly: false,
  readOnly: approval.readOnlyHint
})

export const expandCall = (tool: string, input: unknown, depth = 0, approval?: ToolApproval): Expansion => {
  if (approval?.kind === "mcp") return { items: [mcpItem(tool, approval)] }
  switch (tool) {
    case "Bash":
      return bash(input)
    case "launch":
      return launch(input)
    case "close_app":
      return oneArgument(tool, strings(record(input)["app"]))
    case "clipboard_set": {
      const args = record(input)
      const image = strings(args["image"])
      const files = strings(args["file_url"])
      return oneArgument(tool, image.length > 0 ? ["--image", ...image] : files.length > 0 ? ["--file-url", ...files] : strings(args["text"]))
    }
    case "batch":
      return batch(input, depth)
    default:
      return { items: [plain(tool)] }
  }
}
