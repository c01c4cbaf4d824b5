// System prompts. The main agent's prompt carries the project's memory; sub-agents get a focused one.
// `--system-prompt` replaces wave's own main prompt (as Claude Code's does; memory from earlier sessions is still
// added, it is the user's, not wave's instructions) and `--append-system-prompt` adds to whichever prompt is used.

export interface MainPromptOptions {
  readonly cwd: string
  readonly memory: string
  readonly tools: ReadonlyArray<string>
  /** `--system-prompt` / `--system-prompt-file`: used instead of wave's own text. */
  readonly replace?: string | undefined
  /** `--append-system-prompt` / `--append-system-prompt-file`. */
  readonly append?: string | undefined
}

const wavePrompt = (options: MainPromptOptions) => [
  "You are wave, an agent that operates desktop applications through their accessibility tree.",
  "Observe with snapshot before acting, act on refs from the latest snapshot, and check the result.",
  "Desktop tool results are agent-desktop envelopes: read `ok`, `disposition` and `recovery` before retrying;",
  "retry only when `recovery.retryable` is true, after taking a fresh snapshot if it says so.",
  "Use the Agent tool for independent sub-tasks; background sub-agents report back in <task-notification> messages.",
  `Working directory: ${options.cwd}`,
  `Tools: ${options.tools.join(", ")}`
]

export const mainSystemPrompt = (options: MainPromptOptions) =>
  [
    ...(options.replace === undefined ? wavePrompt(options) : [options.replace]),
    ...(options.memory.trim() === "" ? [] : ["", "Memory from earlier sessions:", options.memory.trim()]),
    ...(options.append === undefined || options.append === "" ? [] : ["", options.append])
  ].join("\n")

export const subagentSystemPrompt = (subagentType: string) =>
  [
    `You are a ${subagentType} sub-agent of wave. Complete the task you are given and answer with a concise report;`,
    "your final message is returned to the agent that started you."
  ].join("\n")
