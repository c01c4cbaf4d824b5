// `wave --help`: every flag and every environment variable wave reads.
export const HELP = `Usage: wave -p <message> [options]
       <command> | wave -p [<message>]

Runs a desktop-automation agent once, non-interactively, and prints its answer. The flags are Claude Code's
\`claude -p\` flags where wave has the same thing, so \`claude -p …\` command lines run unchanged.

Options:
  -p, --print                    print mode (required): run the message and exit
  --output-format <fmt>          text (default) | json (one result object) | stream-json (NDJSON events)
  --input-format <fmt>           text (default: the argument, and stdin when it is not a terminal, as "<stdin>\n\n<arg>")
                                 | stream-json (NDJSON user messages on stdin, {"type":"user","message":{"role":"user",
                                 "content":…}}, each one a turn of its own after the previous one settled; with
                                 stream-json output a result line whenever nothing waits on stdin)
  --system-prompt <text>         replace wave's own system prompt (memory from earlier sessions is still added)
  --system-prompt-file <file>    the same, read from a file
  --append-system-prompt <text>  add to the end of the system prompt
  --append-system-prompt-file <file>
                                 the same, read from a file
  --verbose                      a turn-by-turn account on stderr (tools, denials, retried model calls); stdout unchanged
  --show-stats                   usage and timing summary (stdout in text mode, stderr otherwise)
  --max-turns <n>                stop after n main-agent model turns (subtype error_max_turns)
  --max-wait-ms <ms>             ceiling for waiting on background work (default 600000)
  -r, --resume <session-id>      continue a saved session (also --restore)
  -c, --continue                 continue the most recent session
  --model <name>                 model (default: $WAVE_MODEL)
  --allowedTools <rules...>      pre-approve calls (also --allowed-tools); the permission gate decides, the tool list
                                 is not cut: Bash, Bash(npm test), Bash(git status:*), Bash(git diff *), launch,
                                 launch(gnome-calculator), launch(firefox:*), close-app(gedit), clipboard-set
  --disallowedTools <rules...>   deny (also --disallowed-tools); wins over allow rules; a bare tool name also removes
                                 the tool; a rule such as Bash(rm:*) denies any part of a chained, piped, redirected
                                 or substituted command
  --tools <names...>             the built-in tools offered (desktop tools, Bash, Agent); "" offers none
  --mcp-config <configs...>      MCP servers (files or JSON strings, Claude Code's format): {"mcpServers":{"<name>":
                                 {"command":…,"args":[…],"env":{…}} | {"type":"http"|"sse","url":…,"headers":{…}}}};
                                 their tools are mcp__<name>__<tool> and need an allow rule (mcp__<name>, mcp__<name>__*
                                 or the tool) outside bypassPermissions; a project's .mcp.json is used when trusted
  --strict-mcp-config            only the --mcp-config servers (never the project's .mcp.json)
  --bare                         discover nothing: no project .wave/settings.json or .mcp.json, no memory from
                                 earlier sessions (flags still apply)
  --permission-mode <mode>       default (Bash, launch, close-app, clipboard-set need an allow rule) |
                                 acceptEdits (same: no edit tools) | plan (acts on nothing: read-only tools only) |
                                 bypassPermissions (everything no --disallowedTools rule denies)
  --dangerously-skip-permissions --permission-mode bypassPermissions
  --trust-project                use this directory's .wave/settings.json (hooks, auto-memory) and .mcp.json
                                 (else: WAVE_TRUSTED_PROJECTS)
  --headed                       allow physical input and focus changes for desktop actions
  --auto-recover                 let safe recoveries run before the model sees a failure
  --include-partial-messages     accepted: stream-json always carries text deltas
  -h, --help                     this help
  -v, --version                  version

Environment (the model API):
  WAVE_PROVIDER                  openai | anthropic; without it WAVE_BASE_URL decides (api.anthropic.com: anthropic,
                                 else openai), and without that ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN /
                                 ANTHROPIC_BASE_URL select the Anthropic Messages API
  WAVE_BASE_URL                  the endpoint: OpenAI-compatible (e.g. https://host/v1, + /chat/completions) or
                                 Anthropic (e.g. https://api.anthropic.com, + /v1/messages)
  WAVE_API_KEY                   OpenAI: Authorization: Bearer; Anthropic: x-api-key
  WAVE_MODEL                     the model (or --model)
  ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL (https://api.anthropic.com), ANTHROPIC_MODEL
                                 Claude Code's variables, read for the Anthropic Messages API when the WAVE_ ones are
                                 not set (ANTHROPIC_AUTH_TOKEN is sent as Authorization: Bearer)
  WAVE_MAX_RETRIES (10), WAVE_RETRY_BASE_MS (500), WAVE_RETRY_BUDGET_MS (300000), WAVE_REQUEST_TIMEOUT_MS (60000)
                                 retries of 429/5xx/529/broken streams and the per-call budget
  WAVE_MAX_OUTPUT_TOKENS         max_tokens per model call (Anthropic: default 8192)

Environment (the run):
  WAVE_MODEL_PRICING             USD per million tokens, {"<model>":{"input_per_mtok":3,"output_per_mtok":15,
                                 "cache_read_per_mtok":0.3,"cache_write_per_mtok":3.75}}: total_cost_usd and
                                 model_usage[m].cost_usd appear only for priced models (never a made-up 0)
  WAVE_HOME                      wave's private directory (default ~/.wave: memory)
  WAVE_DISABLE_AUTO_MEMORY=1     never extract memory
  WAVE_TRUSTED_PROJECTS          ':'-separated project directories whose .wave/settings.json and .mcp.json may be used
  WAVE_DISABLE_DESKTOP=1         no desktop tools
  WAVE_HEARTBEAT_MS (5000)       system/waiting heartbeat interval while background work runs
  MCP_TIMEOUT (30000)            ms for an MCP server to start, initialize and list its tools
  MCP_TOOL_TIMEOUT (600000)      ms for one MCP tool call
  WAVE_STDIN_TIMEOUT_MS (3000)   how long to wait for a first byte on a stdin that is not a terminal
  AGENT_DESKTOP_HOME             where the session store lives (default ~/.agent-desktop)
  WAVE_REPORT_CPU=1              print this process's CPU time on stderr at exit (benchmarks)
  WAVE_TEST_STRAY_STDOUT=1       test seam: a stray console.log, which structured formats move to stderr

Exit codes: 0 success; 1 a failed run (is_error), an argument error, or a result stdout could not take; 130 SIGINT;
143 SIGTERM.
`
