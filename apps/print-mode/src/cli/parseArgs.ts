// argv -> WaveArgs. Two phases (D4): first find -p and --output-format, so that every later argument error can be
// reported as a structured result when the caller asked for one.
//
// The flags are Claude Code's `claude -p` flags where wave has the same thing (so `claude -p …` command lines run
// unchanged), plus wave's own. `--allowedTools`, `--disallowedTools`, `--tools` and `--mcp-config` take several
// values as Claude Code's do (`--allowedTools "Bash(git log:*)" "Bash(git diff:*)" Read`): a following argument is
// one more value while it looks like one (a tool list without spaces; a `.json` file or a JSON object), so a
// prompt with spaces after them stays the prompt.

export type OutputFormat = "text" | "json" | "stream-json"
export type InputFormat = "text" | "stream-json"

export interface WaveArgs {
  readonly print: boolean
  /** The positional prompt; a prompt on stdin is added by the caller (prompt/readStdin.ts). */
  readonly message: string | undefined
  readonly outputFormat: OutputFormat
  readonly inputFormat: InputFormat
  readonly showStats: boolean
  readonly verbose: boolean
  readonly maxTurns: number | undefined
  readonly maxWaitMs: number
  readonly restore: string | undefined
  readonly continue: boolean
  readonly model: string | undefined
  /** Permission rules that pre-approve calls (never a cut of the tool list); the values joined by commas. */
  readonly allowedTools: string | undefined
  /** Rules that deny; a bare tool name also removes the tool from the model's list. */
  readonly disallowedTools: string | undefined
  /** The built-in tools offered (desktop tools, Bash, Agent); "" offers none. MCP tools are not cut by it. */
  readonly tools: string | undefined
  readonly mcpConfigs: ReadonlyArray<string>
  readonly strictMcpConfig: boolean
  /** Discover nothing: no project settings, no project .mcp.json, no memory. */
  readonly bare: boolean
  readonly systemPrompt: string | undefined
  readonly systemPromptFile: string | undefined
  readonly appendSystemPrompt: string | undefined
  readonly appendSystemPromptFile: string | undefined
  readonly headed: boolean
  readonly autoRecover: boolean
  readonly permissionMode: PermissionMode
  readonly trustProject: boolean
  readonly help: boolean
  readonly version: boolean
}

export type ParseOutcome =
  | { readonly kind: "ok"; readonly args: WaveArgs }
  /** `structured` is set when -p and a json format were recognised before the error (D4). */
  | { readonly kind: "error"; readonly message: string; readonly structured: OutputFormat | undefined }

export const DEFAULT_MAX_WAIT_MS = 600_000

/** Kept here (not imported from the agent) so argument parsing loads nothing: start-up budget. */
export const PERMISSION_MODES = ["default", "acceptEdits", "bypassPermissions", "plan"] as const
export type PermissionMode = (typeof PERMISSION_MODES)[number]

const FORMATS: ReadonlyArray<OutputFormat> = ["text", "json", "stream-json"]
const INPUT_FORMATS: ReadonlyArray<InputFormat> = ["text", "stream-json"]

/** One tool-list entry: a name (`Bash`, `close-app`, `mcp__srv__tool`, `mcp__srv__*`), optionally with `(specifier)`. */
const TOOL_ENTRY = /^[A-Za-z_][A-Za-z0-9_-]*\*?(\(.*\))?$/s

/** Splits on commas outside parentheses (no whitespace split: a continuation value has none outside them). */
const commaEntries = (raw: string): Array<string> => {
  const entries: Array<string> = []
  let depth = 0
  let current = ""
  for (const char of raw) {
    if (char === "(") depth++
    if (char === ")") depth = Math.max(0, depth - 1)
    if (depth === 0 && char === ",") {
      entries.push(current)
      current = ""
    } else current += char
  }
  entries.push(current)
  return entries
}

const hasTopLevelSpace = (raw: string): boolean => {
  let depth = 0
  for (const char of raw) {
    if (char === "(") depth++
    if (char === ")") depth = Math.max(0, depth - 1)
    if (depth === 0 && /\s/.test(char)) return true
  }
  return false
}

/** Whether `arg` after a tool-list flag's first value is one more value of it, not the prompt. */
const looksLikeToolList = (arg: string): boolean =>
  arg.length > 0 && !hasTopLevelSpace(arg) && commaEntries(arg).every((entry) => entry === "" || TOOL_ENTRY.test(entry))

const looksLikeMcpConfig = (arg: string): boolean => arg.trimStart().startsWith("{") || /\.json$/i.test(arg)

type FlagKind =
  | { readonly kind: "boolean" }
  | { readonly kind: "value" }
  /** Several values: the first one always, later ones while `more` says so. */
  | { readonly kind: "variadic"; readonly more: (arg: string) => boolean }

const BOOLEAN: FlagKind = { kind: "boolean" }
const VALUE: FlagKind = { kind: "value" }
const TOOL_LIST: FlagKind = { kind: "variadic", more: looksLikeToolList }
const MCP_CONFIGS: FlagKind = { kind: "variadic", more: looksLikeMcpConfig }

const FLAGS: ReadonlyMap<string, FlagKind> = new Map<string, FlagKind>([
  ["-p", BOOLEAN],
  ["--print", BOOLEAN],
  ["--output-format", VALUE],
  ["--input-format", VALUE],
  ["--show-stats", BOOLEAN],
  ["--verbose", BOOLEAN],
  ["--include-partial-messages", BOOLEAN],
  ["--max-turns", VALUE],
  ["--max-wait-ms", VALUE],
  ["-r", VALUE],
  ["--resume", VALUE],
  ["--restore", VALUE],
  ["-c", BOOLEAN],
  ["--continue", BOOLEAN],
  ["--model", VALUE],
  ["--allowed-tools", TOOL_LIST],
  ["--allowedTools", TOOL_LIST],
  ["--disallowed-tools", TOOL_LIST],
  ["--disallowedTools", TOOL_LIST],
  ["--tools", TOOL_LIST],
  ["--mcp-config", MCP_CONFIGS],
  ["--strict-mcp-config", BOOLEAN],
  ["--bare", BOOLEAN],
  ["--system-prompt", VALUE],
  ["--system-prompt-file", VALUE],
  ["--append-system-prompt", VALUE],
  ["--append-system-prompt-file", VALUE],
  ["--permission-mode", VALUE],
  ["--dangerously-skip-permissions", BOOLEAN],
  ["--trust-project", BOOLEAN],
  ["--headed", BOOLEAN],
  ["--auto-recover", BOOLEAN],
  ["-h", BOOLEAN],
  ["--help", BOOLEAN],
  ["-v", BOOLEAN],
  ["--version", BOOLEAN]
])

/** Every flag wave takes (help.test.ts holds --help and the README to this list). */
export const FLAG_NAMES: ReadonlyArray<string> = [...FLAGS.keys()]

interface Token {
  readonly flag: string
  /** The values (one for a value flag, one or more for a variadic flag, none for a boolean). */
  readonly values: ReadonlyArray<string>
}

const isOption = (arg: string) => arg.startsWith("-") && arg.length > 1

/** Splits `--flag=value`, pairs value flags with the next argument(s), collects positionals. */
const tokenize = (argv: ReadonlyArray<string>): { tokens: Array<Token>; positionals: Array<string>; error?: string } => {
  const tokens: Array<Token> = []
  const positionals: Array<string> = []
  // The first error is kept but tokenizing goes on, so a later -p/--output-format is still seen (D4).
  let error: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!isOption(arg)) {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf("=")
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined
    const kind = FLAGS.get(name)
    if (kind === undefined) {
      error ??= `Unknown option: ${name}`
      continue
    }
    if (kind.kind === "boolean") {
      if (inline !== undefined) error ??= `${name} does not take a value`
      tokens.push({ flag: name, values: [] })
      continue
    }
    const values: Array<string> = []
    if (inline !== undefined) values.push(inline)
    else {
      const next = argv[i + 1]
      if (next !== undefined && !isOption(next)) {
        values.push(next)
        i++
      }
    }
    if (kind.kind === "variadic" && values.length > 0) {
      while (argv[i + 1] !== undefined && !isOption(argv[i + 1]!) && kind.more(argv[i + 1]!)) values.push(argv[++i]!)
    }
    tokens.push({ flag: name, values })
  }
  return error === undefined ? { tokens, positionals } : { tokens, positionals, error }
}

const intValue = (token: Token, min: number): number | string => {
  const value = token.values[0]
  if (value === undefined) return `${token.flag} requires a value`
  const n = Number(value)
  return Number.isInteger(n) && n >= min ? n : `${token.flag} must be an integer >= ${min}, got "${value}"`
}

export const parseArgs = (argv: ReadonlyArray<string>): ParseOutcome => {
  const { tokens, positionals, error: tokenError } = tokenize(argv)
  // Phase 1: print mode and output format.
  const print = tokens.some((t) => t.flag === "-p" || t.flag === "--print")
  const formatToken = [...tokens].reverse().find((t) => t.flag === "--output-format")
  let outputFormat: OutputFormat = "text"
  if (formatToken !== undefined) {
    const value = formatToken.values[0]
    if (!print) {
      return { kind: "error", message: "--output-format is only valid in print mode (-p/--print)", structured: undefined }
    }
    if (value === undefined || !FORMATS.includes(value as OutputFormat)) {
      return {
        kind: "error",
        message: `--output-format must be one of ${FORMATS.join(", ")}, got "${value ?? ""}"`,
        structured: undefined
      }
    }
    outputFormat = value as OutputFormat
  }
  const structured = print && outputFormat !== "text" ? outputFormat : undefined
  const fail = (message: string): ParseOutcome => ({ kind: "error", message, structured })
  if (tokenError !== undefined) return fail(tokenError)

  // Phase 2: everything else.
  let showStats = false, verbose = false, cont = false, headed = false, autoRecover = false, help = false
  let version = false, trustProject = false, strictMcpConfig = false, skipPermissions = false, bare = false
  let permissionMode: PermissionMode | undefined
  let inputFormat: InputFormat = "text"
  let maxTurns: number | undefined
  let maxWaitMs = DEFAULT_MAX_WAIT_MS
  let restore: string | undefined
  let model: string | undefined
  const lists: Record<"allowed" | "disallowed" | "tools", Array<string> | undefined> = {
    allowed: undefined,
    disallowed: undefined,
    tools: undefined
  }
  const mcpConfigs: Array<string> = []
  const prompts: Record<"system" | "systemFile" | "append" | "appendFile", string | undefined> = {
    system: undefined,
    systemFile: undefined,
    append: undefined,
    appendFile: undefined
  }
  const single = (token: Token): string | ParseOutcome => {
    const value = token.values[0]
    return value === undefined ? fail(`${token.flag} requires a value`) : value
  }
  for (const token of tokens) {
    switch (token.flag) {
      case "--show-stats":
        showStats = true
        break
      case "--verbose":
        verbose = true
        break
      case "--include-partial-messages":
        // stream-json always carries deltas (5.7); the flag is accepted so Claude Code command lines run unchanged.
        break
      case "-c":
      case "--continue":
        cont = true
        break
      case "--headed":
        headed = true
        break
      case "--auto-recover":
        autoRecover = true
        break
      case "--trust-project":
        trustProject = true
        break
      case "--strict-mcp-config":
        strictMcpConfig = true
        break
      case "--bare":
        bare = true
        break
      case "--dangerously-skip-permissions":
        skipPermissions = true
        break
      case "--permission-mode": {
        const value = token.values[0]
        if (value === undefined || !(PERMISSION_MODES as ReadonlyArray<string>).includes(value)) {
          return fail(`--permission-mode must be one of ${PERMISSION_MODES.join(", ")}, got "${value ?? ""}"`)
        }
        permissionMode = value as PermissionMode
        break
      }
      case "--input-format": {
        const value = token.values[0]
        if (value === undefined || !INPUT_FORMATS.includes(value as InputFormat)) {
          return fail(`--input-format must be one of ${INPUT_FORMATS.join(", ")}, got "${value ?? ""}"`)
        }
        inputFormat = value as InputFormat
        break
      }
      case "-h":
      case "--help":
        help = true
        break
      case "-v":
      case "--version":
        version = true
        break
      case "--max-turns": {
        const n = intValue(token, 1)
        if (typeof n === "string") return fail(n)
        maxTurns = n
        break
      }
      case "--max-wait-ms": {
        const n = intValue(token, 0)
        if (typeof n === "string") return fail(n)
        maxWaitMs = n
        break
      }
      case "-r":
      case "--resume":
      case "--restore": {
        const value = token.values[0]
        // X6: in print mode a bare -r is an error, never a session picker.
        if (value === undefined || value === "") return fail(`${token.flag} requires a session id`)
        restore = value
        break
      }
      case "--model": {
        const value = token.values[0]
        if (value === undefined || value === "") return fail("--model requires a value")
        model = value
        break
      }
      case "--allowed-tools":
      case "--allowedTools":
      case "--disallowed-tools":
      case "--disallowedTools":
      case "--tools": {
        // `--tools ""` is a value (no built-in tools); a missing value is an error.
        if (token.values.length === 0) return fail(`${token.flag} requires a value`)
        const key = token.flag === "--tools" ? "tools" : /disallowed/i.test(token.flag) ? "disallowed" : "allowed"
        lists[key] = [...(lists[key] ?? []), ...token.values]
        break
      }
      case "--mcp-config":
        if (token.values.length === 0) return fail("--mcp-config requires a file or a JSON object")
        mcpConfigs.push(...token.values)
        break
      case "--system-prompt":
      case "--system-prompt-file":
      case "--append-system-prompt":
      case "--append-system-prompt-file": {
        const value = single(token)
        if (typeof value !== "string") return value
        const key = token.flag === "--system-prompt"
          ? "system"
          : token.flag === "--system-prompt-file"
          ? "systemFile"
          : token.flag === "--append-system-prompt"
          ? "append"
          : "appendFile"
        prompts[key] = value
        break
      }
    }
  }
  if (restore !== undefined && cont) return fail("-r/--resume and -c/--continue cannot be combined")
  if (prompts.system !== undefined && prompts.systemFile !== undefined) {
    return fail("--system-prompt and --system-prompt-file cannot be combined")
  }
  if (prompts.append !== undefined && prompts.appendFile !== undefined) {
    return fail("--append-system-prompt and --append-system-prompt-file cannot be combined")
  }
  if (skipPermissions && permissionMode !== undefined && permissionMode !== "bypassPermissions") {
    return fail(`--dangerously-skip-permissions and --permission-mode ${permissionMode} cannot be combined`)
  }
  if (positionals.length > 1) return fail(`Unexpected arguments: ${positionals.slice(1).join(" ")}`)
  const message = positionals[0]
  return {
    kind: "ok",
    args: {
      print,
      message: message === undefined || message.trim() === "" ? undefined : message,
      outputFormat,
      inputFormat,
      showStats,
      verbose,
      maxTurns,
      maxWaitMs,
      restore,
      continue: cont,
      model,
      allowedTools: lists.allowed?.join(","),
      disallowedTools: lists.disallowed?.join(","),
      tools: lists.tools?.join(","),
      mcpConfigs,
      strictMcpConfig,
      bare,
      systemPrompt: prompts.system,
      systemPromptFile: prompts.systemFile,
      appendSystemPrompt: prompts.append,
      appendSystemPromptFile: prompts.appendFile,
      headed,
      autoRecover,
      permissionMode: permissionMode ?? (skipPermissions ? "bypassPermissions" : "default"),
      trustProject,
      help,
      version
    }
  }
}

/**
 * Whether the run needs a prompt it does not have yet: print mode, no positional prompt, nothing to continue, and
 * text input (X7: "Print mode requires a message" once stdin gave nothing either).
 */
export const needsPrompt = (args: WaveArgs): boolean =>
  args.print && !args.help && !args.version && args.message === undefined && args.restore === undefined &&
  !args.continue && args.inputFormat === "text"
