// The text projection (story 1 and 2) as a pure fold: main-agent reasoning and content with their headers, one 🔧
// line per tool id when the call runs, ❌ lines for error blocks. Sub-agents never reach this stream. Each step
// answers the next record and the text it writes ("" for nothing).
import type { AgentEvent } from "@agent-desktop/agent"

export interface TextState {
  readonly reasoningStarted: ReadonlySet<string>
  readonly contentStarted: ReadonlySet<string>
  readonly toolsShown: ReadonlySet<string>
  /** Some text was written (a first response needs no separating newline). */
  readonly printed: boolean
}

export type TextStep = readonly [TextState, string]

export const emptyText: TextState = {
  reasoningStarted: new Set(),
  contentStarted: new Set(),
  toolsShown: new Set(),
  printed: false
}

/** The final newline (an empty response prints only this, E1). */
export const textEnd = "\n"

const withId = (ids: ReadonlySet<string>, id: string): ReadonlySet<string> => new Set(ids).add(id)

const written = (state: TextState, text: string): TextStep =>
  [text.length === 0 || state.printed ? state : { ...state, printed: true }, text]

export const textStep = (state: TextState, event: AgentEvent): TextStep => {
  switch (event.type) {
    case "reasoning_delta":
      if (state.reasoningStarted.has(event.message_id)) return written(state, event.delta)
      return written(
        { ...state, reasoningStarted: withId(state.reasoningStarted, event.message_id) },
        `\n💭 Reasoning:\n${event.delta}`
      )
    case "content_delta": {
      if (state.contentStarted.has(event.message_id)) return written(state, event.delta)
      const header = state.reasoningStarted.has(event.message_id) ? "\n\n📝 Response:\n" : state.printed ? "\n" : ""
      return written({ ...state, contentStarted: withId(state.contentStarted, event.message_id) }, header + event.delta)
    }
    case "tool_start":
      // Printed at the "running" stage only: a call whose arguments never parsed does not run (X5, D6).
      if (!event.parsed || event.name === "" || state.toolsShown.has(event.id)) return [state, ""]
      return written(
        { ...state, toolsShown: withId(state.toolsShown, event.id) },
        event.compact === "" ? `\n🔧 ${event.name}\n` : `\n🔧 ${event.name} ${event.compact}\n`
      )
    case "error":
      return written(state, `\n❌ Error: ${event.message}\n`)
    default:
      return [state, ""]
  }
}
