// A Messages API stream folded into one Completion: an immutable record and a pure step per event payload
// (message_start, content_block_start/delta/stop, message_delta, message_stop, ping, error), answering the deltas to
// forward as they come. Text blocks are the content, thinking blocks the reasoning, tool_use blocks the tool calls
// (their input arrives as JSON pieces). Usage in OpenAI units: prompt_tokens = input + cache reads + cache writes.
import type { Completion, TokenUsage, ToolCallRequest } from "../ChatTypes.js"
import type { CompletionDelta } from "../completionState.js"
import { type ModelError, ModelHttpError, ModelNetworkError, ModelProtocolError } from "../ModelError.js"

interface Block {
  readonly kind: "text" | "thinking" | "tool_use" | "other"
  readonly id: string
  readonly name: string
  readonly json: string
}

interface RawUsage {
  readonly input_tokens?: number | null
  readonly output_tokens?: number | null
  readonly cache_read_input_tokens?: number | null
  readonly cache_creation_input_tokens?: number | null
}

export interface MessagesState {
  readonly model: string
  readonly content: string
  readonly reasoning: string
  readonly blocks: ReadonlyMap<number, Block>
  readonly stopReason: string | null
  readonly usage: RawUsage | undefined
  readonly started: boolean
  readonly stopped: boolean
  readonly error: ModelError | undefined
  readonly emitted: boolean
  readonly malformed: number
}

export const emptyMessages = (model: string): MessagesState => ({
  model,
  content: "",
  reasoning: "",
  blocks: new Map(),
  stopReason: null,
  usage: undefined,
  started: false,
  stopped: false,
  error: undefined,
  emitted: false,
  malformed: 0
})

/** The status an `error` event's type stands for, so it is retried (or not) like the same HTTP answer. */
const STREAM_ERROR_STATUS: Readonly<Record<string, number>> = {
  overloaded_error: 529,
  api_error: 500,
  rate_limit_error: 429,
  timeout_error: 504,
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413
}

/** Later usage fields replace earlier ones (message_delta carries cumulative counts). */
const mergeUsage = (previous: RawUsage | undefined, next: RawUsage | undefined): RawUsage | undefined => {
  if (next === undefined) return previous
  const merged: Record<string, number> = { ...(previous as Record<string, number> | undefined) }
  for (const [key, value] of Object.entries(next)) if (typeof value === "number") merged[key] = value
  return merged
}

interface Event {
  readonly type?: string
  readonly index?: number
  readonly message?: { readonly model?: string; readonly usage?: RawUsage }
  readonly content_block?: { readonly type?: string; readonly id?: string; readonly name?: string; readonly text?: string; readonly thinking?: string }
  readonly delta?: {
    readonly type?: string
    readonly text?: string
    readonly thinking?: string
    readonly partial_json?: string
    readonly stop_reason?: string | null
  }
  readonly usage?: RawUsage
  readonly error?: { readonly type?: string; readonly message?: string }
}

const parse = (payload: string): Event | undefined => {
  try {
    const event = JSON.parse(payload) as Event
    return typeof event === "object" && event !== null && typeof event.type === "string" ? event : undefined
  } catch {
    return undefined
  }
}

const withText = (state: MessagesState, kind: "text" | "thinking", value: string): readonly [MessagesState, ReadonlyArray<CompletionDelta>] =>
  value === ""
    ? [state, []]
    : kind === "text"
    ? [{ ...state, content: state.content + value, emitted: true }, [{ kind: "content", text: value }]]
    : [{ ...state, reasoning: state.reasoning + value, emitted: true }, [{ kind: "reasoning", text: value }]]

export const messagesStep = (state: MessagesState, payload: string): readonly [MessagesState, ReadonlyArray<CompletionDelta>] => {
  const event = parse(payload)
  if (event === undefined) return [{ ...state, malformed: state.malformed + 1 }, []]
  switch (event.type) {
    case "message_start":
      return [{ ...state, started: true, usage: mergeUsage(state.usage, event.message?.usage) }, []]
    case "content_block_start": {
      const block = event.content_block ?? {}
      const kind = block.type === "text" || block.type === "thinking" || block.type === "tool_use" ? block.type : "other"
      const next = {
        ...state,
        blocks: new Map(state.blocks).set(event.index ?? state.blocks.size, { kind, id: block.id ?? "", name: block.name ?? "", json: "" })
      }
      return kind === "text" ? withText(next, "text", block.text ?? "") : kind === "thinking" ? withText(next, "thinking", block.thinking ?? "") : [next, []]
    }
    case "content_block_delta": {
      const delta = event.delta ?? {}
      if (delta.type === "text_delta") return withText(state, "text", delta.text ?? "")
      if (delta.type === "thinking_delta") return withText(state, "thinking", delta.thinking ?? "")
      if (delta.type === "input_json_delta") {
        const index = event.index ?? state.blocks.size - 1
        const block = state.blocks.get(index)
        if (block === undefined) return [{ ...state, malformed: state.malformed + 1 }, []]
        return [{ ...state, blocks: new Map(state.blocks).set(index, { ...block, json: block.json + (delta.partial_json ?? "") }) }, []]
      }
      // signature_delta, citations: nothing wave forwards.
      return [state, []]
    }
    case "message_delta":
      return [{
        ...state,
        stopReason: event.delta?.stop_reason ?? state.stopReason,
        usage: mergeUsage(state.usage, event.usage)
      }, []]
    case "message_stop":
      return [{ ...state, stopped: true }, []]
    case "error": {
      const type = event.error?.type ?? "api_error"
      return [{
        ...state,
        error: new ModelHttpError({
          status: STREAM_ERROR_STATUS[type] ?? 500,
          detail: `${type}: ${event.error?.message ?? "error event in the stream"}`,
          retryAfterMs: undefined
        })
      }, []]
    }
    default:
      // ping, content_block_stop and event types added later.
      return [state, []]
  }
}

const FINISH: Readonly<Record<string, string>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  refusal: "content_filter"
}

const tokenUsage = (raw: RawUsage | undefined): TokenUsage | undefined => {
  if (raw === undefined) return undefined
  const input = raw.input_tokens ?? 0
  const output = raw.output_tokens ?? 0
  const read = raw.cache_read_input_tokens ?? undefined
  const creation = raw.cache_creation_input_tokens ?? undefined
  const prompt = input + (read ?? 0) + (creation ?? 0)
  return {
    prompt_tokens: prompt,
    completion_tokens: output,
    total_tokens: prompt + output,
    ...(read === undefined ? {} : { cache_read_input_tokens: read }),
    ...(creation === undefined ? {} : { cache_creation_input_tokens: creation })
  }
}

/** Why a stream that ended here is no answer: never started, or cut before message_stop. */
export const messagesIncomplete = (state: MessagesState): ModelError | undefined =>
  !state.started
    ? new ModelProtocolError({
      detail: `the stream ended without message_start${state.malformed > 0 ? ` (${state.malformed} malformed)` : ""}`
    })
    : !state.stopped
    ? new ModelNetworkError({ detail: "the stream ended before message_stop" })
    : undefined

export const messagesCompletion = (state: MessagesState): Completion => {
  const toolCalls: Array<ToolCallRequest> = [...state.blocks.entries()]
    .filter(([, block]) => block.kind === "tool_use")
    .sort(([a], [b]) => a - b)
    .map(([index, block]) => ({ id: block.id || `toolu_${index}`, name: block.name, arguments: block.json === "" ? "{}" : block.json }))
  return {
    model: state.model,
    content: state.content,
    reasoning: state.reasoning,
    toolCalls,
    finishReason: state.stopReason === null ? null : FINISH[state.stopReason] ?? state.stopReason,
    usage: tokenUsage(state.usage)
  }
}
