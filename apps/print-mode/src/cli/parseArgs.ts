// argv -> WaveArgs. Two phases (D4): first find -p and --output-format, so that every later argument error can be
// reported as a structured result when the caller asked for one.

export type OutputFormat = "text" | "json" | "stream-json"

export interface WaveArgs {
  readonly print: boolean
  readonly message: string | undefined
  readonly outputFormat: OutputFormat
  readonly showStats: boolean
  readonly maxTurns: number | undefined
  readonly maxWaitMs: number
  readonly restore: string | undefined
  readonly continue: boolean
  readonly model: string | undefined
  readonly allowedTools: string | undefined
  readonly disallowedTools: string | undefined
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
const VALUE_FLAGS = new Set([
  "--output-format",
  "--max-turns",
  "--max-wait-ms",
  "-r",
  "--restore",
  "--resume",
  "--model",
  "--allowed-tools",
  "--allowedTools",
  "--disallowed-tools",
  "--disallowedTools",
  "--permission-mode"
])
const BOOLEAN_FLAGS = new Set([
  "-p",
  "--print",
  "--show-stats",
  "-c",
  "--continue",
  "--headed",
  "--auto-recover",
  "--trust-project",
  "-h",
  "--help",
  "-v",
  "--version"
])

interface Token {
  readonly flag: string
  readonly value: string | undefined
}

/** Splits `--flag=value`, pairs value flags with the next argument, collects positionals. */
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
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf("=")
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined
    if (VALUE_FLAGS.has(name)) {
      if (inline !== undefined) tokens.push({ flag: name, value: inline })
      else {
        const next = argv[i + 1]
        const value = next !== undefined && !(next.startsWith("-") && next.length > 1) ? next : undefined
        if (value !== undefined) i++
        tokens.push({ flag: name, value })
      }
    } else if (BOOLEAN_FLAGS.has(name)) {
      if (inline !== undefined) error ??= `${name} does not take a value`
      tokens.push({ flag: name, value: undefined })
      // `-p 'message'`: the message may follow -p directly.
    } else {
      error ??= `Unknown option: ${name}`
    }
  }
  return error === undefined ? { tokens, positionals } : { tokens, positionals, error }
}

const intValue = (token: Token, min: number): number | string => {
  if (token.value === undefined) return `${token.flag} requires a value`
  const n = Number(token.value)
  return Number.isInteger(n) && n >= min ? n : `${token.flag} must be an integer >= ${min}, got "${token.value}"`
}

export const parseArgs = (argv: ReadonlyArray<string>): ParseOutcome => {
  const { tokens, positionals, error: tokenError } = tokenize(argv)
  // Phase 1: print mode and output format.
  const print = tokens.some((t) => t.flag === "-p" || t.flag === "--print")
  const formatToken = [...tokens].reverse().find((t) => t.flag === "--output-format")
  let outputFormat: OutputFormat = "text"
  if (formatToken !== undefined) {
    if (!print) {
      return { kind: "error", message: "--output-format is only valid in print mode (-p/--print)", structured: undefined }
    }
    if (formatToken.value === undefined || !FORMATS.includes(formatToken.value as OutputFormat)) {
      return {
        kind: "error",
        message: `--output-format must be one of ${FORMATS.join(", ")}, got "${formatToken.value ?? ""}"`,
        structured: undefined
      }
    }
    outputFormat = formatToken.value as OutputFormat
  }
  const structured = print && outputFormat !== "text" ? outputFormat : undefined
  const fail = (message: string): ParseOutcome => ({ kind: "error", message, structured })
  if (tokenError !== undefined) return fail(tokenError)

  // Phase 2: everything else.
  let showStats = false, cont = false, headed = false, autoRecover = false, help = false, version = false
  let trustProject = false
  let permissionMode: PermissionMode = "default"
  let maxTurns: number | undefined
  let maxWaitMs = DEFAULT_MAX_WAIT_MS
  let restore: string | undefined
  let model: string | undefined
  let allowedTools: string | undefined
  let disallowedTools: string | undefined
  for (const token of tokens) {
    switch (token.flag) {
      case "--show-stats":
        showStats = true
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
      case "--permission-mode":
        if (token.value === undefined || !(PERMISSION_MODES as ReadonlyArray<string>).includes(token.value)) {
          return fail(`--permission-mode must be one of ${PERMISSION_MODES.join(", ")}, got "${token.value ?? ""}"`)
        }
        permissionMode = token.value as PermissionMode
        break
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
      case "--restore":
      case "--resume":
        // X6: in print mode a bare -r is an error, never a session picker.
        if (token.value === undefined || token.value === "") return fail(`${token.flag} requires a session id`)
        restore = token.value
        break
      case "--model":
        if (token.value === undefined || token.value === "") return fail("--model requires a value")
        model = token.value
        break
      case "--allowed-tools":
      case "--allowedTools":
        if (token.value === undefined) return fail(`${token.flag} requires a value`)
        allowedTools = token.value
        break
      case "--disallowed-tools":
      case "--disallowedTools":
        if (token.value === undefined) return fail(`${token.flag} requires a value`)
        disallowedTools = token.value
        break
    }
  }
  if (restore !== undefined && cont) return fail("-r/--restore and -c/--continue cannot be combined")
  if (positionals.length > 1) return fail(`Unexpected arguments: ${positionals.slice(1).join(" ")}`)
  const message = positionals[0]
  if (print && !help && !version && (message === undefined || message.trim() === "") && restore === undefined && !cont) {
    // X7: an empty -p.
    return fail("Print mode requires a message")
  }
  return {
    kind: "ok",
    args: {
      print,
      message: message === undefined || message.trim() === "" ? undefined : message,
      outputFormat,
      showStats,
      maxTurns,
      maxWaitMs,
      restore,
      continue: cont,
      model,
      allowedTools,
      disallowedTools,
      headed,
      autoRecover,
      permissionMode,
      trustProject,
      help,
      version
    }
  }
}

export const HELP = `Usage: wave -p <message> [options]

Runs a desktop-automation agent once, non-interactively, and prints its answer.

Options:
  -p, --print                    print mode (required): run the message and exit
  --output-format <fmt>          text (default) | json (one result object) | stream-json (NDJSON events)
  --show-stats                   usage and timing summary (stdout in text mode, stderr otherwise)
  --max-turns <n>                stop after n main-agent model turns (subtype error_max_turns)
  --max-wait-ms <ms>             ceiling for waiting on background work (default 600000)
  -r, --restore <session-id>     continue a saved session
  -c, --continue                 continue the most recent session
  --model <name>                 model (default: $WAVE_MODEL)
  --allowed-tools <rules>        only these tools, and approval for them: Bash, Bash(npm test), Bash(git status:*),
                                 launch, launch(gnome-calculator), launch(firefox:*), close-app(gedit), clipboard-set
  --disallowed-tools <rules>     never these tools or calls (wins over allowed; a rule such as Bash(rm:*) denies
                                 any part of a chained, piped, redirected or substituted command)
  --permission-mode <mode>       default (Bash, launch, close-app, clipboard-set need an allow rule) |
                                 acceptEdits (same: no edit tools) | plan (acts on nothing: read-only tools only) |
                                 bypassPermissions (everything no --disallowed-tools rule denies)
  --trust-project                use this directory's .wave/settings.json: hooks, auto-memory (else: WAVE_TRUSTED_PROJECTS)
  --headed                       allow physical input and focus changes for desktop actions
  --auto-recover                 let safe recoveries run before the model sees a failure
  -h, --help                     this help
  -v, --version                  version

Environment: WAVE_BASE_URL, WAVE_API_KEY, WAVE_MODEL (OpenAI-compatible chat completions endpoint).
`
