// `--verbose`: a turn-by-turn account of the run on stderr (stdout keeps exactly what the format prints): each model
// turn with its tokens, each tool call with its input and outcome, permission denials with the reason, error blocks,
// background waits. A pure fold like the other projections: the step answers the next state and the text to write.
import type { AgentEvent } from "@agent-desktop/agent"

export interface VerboseState {
  /** When each running tool call started (ms), for its duration. */
  readonly started: ReadonlyMap<string, number>
  readonly now: () => number
}

export const emptyVerbose: VerboseState = { started: new Map(), now: Date.now }

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 3)}...` : text)

const json = (value: unknown): string => {
  try {
    return clip(typeof value === "string" ? value : JSON.stringify(value))
  } catch {
    return "(unprintable)"
  }
}

export const verboseStep = (state: VerboseState, event: AgentEvent): readonly [VerboseState, string] => {
  switch (event.type) {
    case "message_end":
      return [state, `[wave] turn: ${event.content.length} chars of text, ${event.tool_calls} tool call(s)\n`]
    case "tool_start":
      return [
        { ...state, started: new Map(state.started).set(event.id, state.now()) },
        `[wave] tool ${event.name} (${event.id}) ${json(event.input)}\n`
      ]
    case "tool_end": {
      const since = state.started.get(event.id)
      const started = new Map(state.started)
      started.delete(event.id)
      const took = since === undefined ? "" : ` in ${state.now() - since} ms`
      return [
        { ...state, started },
        `[wave] tool ${event.name} (${event.id}) ${event.success ? "ok" : `failed: ${clip(event.error ?? "")}`}${took}\n`
      ]
    }
    case "permission_denied":
      return [state, `[wave] permission denied: ${event.denial.tool_name} (${event.denial.tool_use_id}): ${event.reason}\n`]
    case "usage":
      return [
        state,
        `[wave] model ${event.model} (${event.source}): ${event.usage.prompt_tokens} prompt + ` +
        `${event.usage.completion_tokens} completion tokens\n`
      ]
    case "error":
      return [state, `[wave] error (${event.source}${event.recoverable ? ", recoverable" : ""}): ${event.message}\n`]
    case "waiting":
      return [state, `[wave] waiting for ${event.pending.map((task) => task.task_id).join(", ")}\n`]
    case "message_discard":
      return [state, `[wave] a half-streamed message was discarded (the request is retried)\n`]
    default:
      return [state, ""]
  }
}
