// The json result as a fold over the same agent events stream-json prints: an immutable record and one pure step.
// renderResult.ts turns the record, plus what only the end of the run knows, into the result object.
import { type AgentEvent, emptyUsageLedger, type PermissionDenial, recordUsage, type UsageLedger } from "@agent-desktop/agent"
import type { ToolCallEntry } from "./waveTypes.js"

export interface ResultState {
  /** Main-agent messages ended. */
  readonly turns: number
  /** The text of the last ended message ("" for a tool-only message). */
  readonly lastText: string
  /** Some ended message had text. */
  readonly producedContent: boolean
  /** The text of each message still streaming; a discarded message's text is dropped. */
  readonly texts: ReadonlyMap<string, string>
  readonly errors: ReadonlyArray<string>
  /** One entry per tool id (D10), in the order the ids were first seen. */
  readonly toolCalls: ReadonlyMap<string, ToolCallEntry>
  /** The same arithmetic the agent's own ledger uses, fed from the `usage` events. */
  readonly usage: UsageLedger
  /** Time spent in model calls (all agents, retries included): duration_api_ms. */
  readonly apiMs: number
  readonly denials: ReadonlyArray<PermissionDenial>
}

export const emptyResult: ResultState = {
  turns: 0,
  lastText: "",
  producedContent: false,
  texts: new Map(),
  errors: [],
  toolCalls: new Map(),
  usage: emptyUsageLedger,
  apiMs: 0,
  denials: []
}

const withEntry = <V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> =>
  new Map(map).set(key, value)

const without = <V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> => {
  if (!map.has(key)) return map
  const next = new Map(map)
  next.delete(key)
  return next
}

const toolEnded = (calls: ReadonlyMap<string, ToolCallEntry>, event: Extract<AgentEvent, { type: "tool_end" }>) => {
  const { error: _previous, ...call } = calls.get(event.id) ??
    { id: event.id, name: event.name, input: {}, success: false }
  return withEntry(calls, event.id, {
    ...call,
    success: event.success,
    ...(event.error === undefined ? {} : { error: event.error })
  })
}

export const resultStep = (state: ResultState, event: AgentEvent): ResultState => {
  switch (event.type) {
    case "content_delta":
      // Deltas are most of a run: the next record is written out rather than spread.
      return {
        turns: state.turns,
        lastText: state.lastText,
        producedContent: state.producedContent,
        texts: withEntry(state.texts, event.message_id, (state.texts.get(event.message_id) ?? "") + event.delta),
        errors: state.errors,
        toolCalls: state.toolCalls,
        usage: state.usage,
        apiMs: state.apiMs,
        denials: state.denials
      }
    case "message_discard":
      return { ...state, texts: without(state.texts, event.message_id) }
    case "message_end": {
      const lastText = state.texts.get(event.message_id) ?? ""
      return {
        ...state,
        turns: state.turns + 1,
        lastText,
        producedContent: state.producedContent || lastText.length > 0,
        texts: without(state.texts, event.message_id)
      }
    }
    case "tool_start":
      // D10: one entry per id, whatever the loop reports twice.
      return state.toolCalls.has(event.id) ? state : {
        ...state,
        toolCalls: withEntry(state.toolCalls, event.id, { id: event.id, name: event.name, input: event.input, success: false })
      }
    case "tool_end":
      return { ...state, toolCalls: toolEnded(state.toolCalls, event) }
    case "error":
      return { ...state, errors: [...state.errors, event.message] }
    case "usage":
      return { ...state, usage: recordUsage(state.usage, event) }
    case "model_call":
      return { ...state, apiMs: state.apiMs + event.duration_ms }
    case "permission_denied":
      return { ...state, denials: [...state.denials, event.denial] }
    default:
      return state
  }
}
