// Folds stream chunks into one Completion: deltas forwarded as they come, tool calls keyed on `index` (gateways
// interleave parallel calls by index), usage from whichever chunk carries it (last wins).
import type { Completion, StreamHandlers, TokenUsage, ToolCallRequest } from "./ChatTypes.js"

interface PartialCall {
  id: string
  name: string
  arguments: string
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

export class CompletionAssembler {
  private content = ""
  private reasoning = ""
  private readonly calls = new Map<number, PartialCall>()
  private finishReason: string | null = null
  private usage: TokenUsage | undefined = undefined
  private model: string
  /** True once any delta reached the handlers (a retry must then discard them). */
  emitted = false
  /** Malformed data lines seen (skipped, like the reference client). */
  malformed = 0

  constructor(requestedModel: string, private readonly handlers: StreamHandlers) {
    this.model = requestedModel
  }

  pushPayload(payload: string): void {
    let chunk: Chunk
    try {
      chunk = JSON.parse(payload) as Chunk
    } catch {
      this.malformed++
      return
    }
    if (typeof chunk !== "object" || chunk === null) {
      this.malformed++
      return
    }
    if (chunk.usage) this.usage = mapUsage(chunk.usage)
    const choice = chunk.choices?.[0]
    if (choice === undefined) return
    const delta = choice.delta
    if (delta) {
      if (typeof delta.reasoning_content === "string" && delta.reasoning_content.length > 0) {
        this.reasoning += delta.reasoning_content
        this.emitted = true
        this.handlers.onReasoning(delta.reasoning_content)
      }
      if (typeof delta.content === "string" && delta.content.length > 0) {
        this.content += delta.content
        this.emitted = true
        this.handlers.onContent(delta.content)
      }
      if (delta.tool_calls) for (const fragment of delta.tool_calls) this.pushToolFragment(fragment)
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason
  }

  private pushToolFragment(fragment: ChunkToolCall): void {
    const index = fragment.index ?? (fragment.id === undefined ? Math.max(0, this.calls.size - 1) : this.calls.size)
    let call = this.calls.get(index)
    if (call === undefined) {
      call = { id: "", name: "", arguments: "" }
      this.calls.set(index, call)
    }
    if (fragment.id) call.id = fragment.id
    if (fragment.function?.name) call.name += fragment.function.name
    if (fragment.function?.arguments) call.arguments += fragment.function.arguments
  }

  result(): Completion {
    const toolCalls: Array<ToolCallRequest> = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments }))
    return {
      model: this.model,
      content: this.content,
      reasoning: this.reasoning,
      toolCalls,
      finishReason: this.finishReason,
      usage: this.usage
    }
  }
}
