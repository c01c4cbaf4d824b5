// Stream chunks folded into one Completion: an immutable record and a pure step per `data:` payload, which also
// answers the deltas to forward as they come. Tool calls are keyed on `index` (gateways interleave parallel calls
// by index); usage comes from whichever chunk carries it (last wins).
import type { Completion, TokenUsage, ToolCallRequest } from "./ChatTypes.js"

interface PartialCall {
  readonly id: string
  readonly name: string
  readonly arguments: string
}

interface ChunkToolCall {
  readonly index?: number
  readonly id?: string
  readonly function?: { readonly name?: string; readonly arguments?: string }
}

interface Chunk {
  readonly model?: string
  readonly choices?: ReadonlyArray<{
    readonly delta?: {
      readonly content?: string | null
      readonly reasoning_content?: string | null
      readonly tool_calls?: ReadonlyArray<ChunkToolCall>
    }
    readonly finish_reason?: string | null
  }>
  readonly usage?: {
    readonly prompt_tokens?: number
    readonly completion_tokens?: number
    readonly total_tokens?: number
    readonly prompt_tokens_details?: { readonly cached_tokens?: number; readonly cache_creation_input_tokens?: number }
  } | null
}

export const mapUsage = (raw: NonNullable<Chunk["usage"]>): TokenUsage => {
  const prompt = raw.prompt_tokens ?? 0
  const completion = raw.completion_tokens ?? 0
  const cached = raw.prompt_tokens_details?.cached_tokens
  const creation = raw.prompt_tokens_details?.cache_creation_input_tokens
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: raw.total_tokens ?? prompt + completion,
    ...(cached === undefined ? {} : { cache_read_input_tokens: cached }),
    ...(creation === undefined ? {} : { cache_creation_input_tokens: creation })
  }
}

export interface CompletionState {
  readonly model: string
  readonly content: string
  readonly reasoning: string
  readonly calls: ReadonlyMap<number, PartialCall>
  readonly finishReason: string | null
  readonly usage: TokenUsage | undefined
  /** True once any delta was answered for forwarding (a retry must then discard them). */
  readonly emitted: boolean
  /** Malformed data lines seen (skipped, like the reference client). */
  readonly malformed: number
}

/** A delta to forward to the stream handlers, in the order the step answers them. */
export interface CompletionDelta {
  readonly kind: "reasoning" | "content"
  readonly text: string
}

export type CompletionStep = readonly [CompletionState, ReadonlyArray<CompletionDelta>]

export const emptyCompletion = (requestedModel: string): CompletionState => ({
  model: requestedModel,
  content: "",
  reasoning: "",
  calls: new Map(),
  finishReason: null,
  usage: undefined,
  emitted: false,
  malformed: 0
})

const parseChunk = (payload: string): Chunk | undefined => {
  try {
    const chunk = JSON.parse(payload) as Chunk
    return typeof chunk === "object" && chunk !== null ? chunk : undefined
  } catch {
    return undefined
  }
}

const withFragment = (calls: ReadonlyMap<number, PartialCall>, fragment: ChunkToolCall): ReadonlyMap<number, PartialCall> => {
  const index = fragment.index ?? (fragment.id === undefined ? Math.max(0, calls.size - 1) : calls.size)
  const call = calls.get(index) ?? { id: "", name: "", arguments: "" }
  return new Map(calls).set(index, {
    id: fragment.id ? fragment.id : call.id,
    name: fragment.function?.name ? call.name + fragment.function.name : call.name,
    arguments: fragment.function?.arguments ? call.arguments + fragment.function.arguments : call.arguments
  })
}

const nonEmpty = (text: string | null | undefined): text is string => typeof text === "string" && text.length > 0

/** One `data:` payload: the next record and the deltas it carries. */
export const completionStep = (state: CompletionState, payload: string): CompletionStep => {
  const chunk = parseChunk(payload)
  if (chunk === undefined) return [{ ...state, malformed: state.malformed + 1 }, []]
  const usage = chunk.usage ? mapUsage(chunk.usage) : state.usage
  const choice = chunk.choices?.[0]
  if (choice === undefined) return [usage === state.usage ? state : { ...state, usage }, []]
  const delta = choice.delta
  const reasoning = nonEmpty(delta?.reasoning_content) ? delta.reasoning_content : ""
  const content = nonEmpty(delta?.content) ? delta.content : ""
  const deltas: ReadonlyArray<CompletionDelta> = reasoning === ""
    ? content === "" ? [] : [{ kind: "content", text: content }]
    : content === ""
    ? [{ kind: "reasoning", text: reasoning }]
    : [{ kind: "reasoning", text: reasoning }, { kind: "content", text: content }]
  return [{
    model: state.model,
    content: state.content + content,
    reasoning: state.reasoning + reasoning,
    calls: delta?.tool_calls === undefined ? state.calls : delta.tool_calls.reduce(withFragment, state.calls),
    finishReason: choice.finish_reason ? choice.finish_reason : state.finishReason,
    usage,
    emitted: state.emitted || deltas.length > 0,
    malformed: state.malformed
  }, deltas]
}

export const completionOf = (state: CompletionState): Completion => {
  const toolCalls: Array<ToolCallRequest> = [...state.calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments }))
  return {
    model: state.model,
    content: state.content,
    reasoning: state.reasoning,
    toolCalls,
    finishReason: state.finishReason,
    usage: state.usage
  }
}
