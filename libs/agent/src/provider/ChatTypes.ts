// Wire types of OpenAI-compatible chat completions, as much as wave sends and reads.

export interface ToolCallRequest {
  readonly id: string
  readonly name: string
  /** Raw JSON text as the model produced it; parsed by the loop, kept raw when unparsable (E9). */
  readonly arguments: string
}

export type ChatMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: string }
  | {
    readonly role: "assistant"
    readonly content: string | null
    readonly reasoning_content?: string
    readonly tool_calls?: ReadonlyArray<{
      readonly id: string
      readonly type: "function"
      readonly function: { readonly name: string; readonly arguments: string }
    }>
  }
  | { readonly role: "tool"; readonly tool_call_id: string; readonly content: string }

export interface ToolSpec {
  readonly type: "function"
  readonly function: { readonly name: string; readonly description: string; readonly parameters: object }
}

/** One API call's usage; prompt_tokens includes cached reads (OpenAI convention). */
export interface TokenUsage {
  readonly prompt_tokens: number
  readonly completion_tokens: number
  readonly total_tokens: number
  readonly cache_read_input_tokens?: number
  readonly cache_creation_input_tokens?: number
}

export interface Completion {
  readonly model: string
  readonly content: string
  readonly reasoning: string
  readonly toolCalls: ReadonlyArray<ToolCallRequest>
  readonly finishReason: string | null
  readonly usage: TokenUsage | undefined
}

export interface CompletionRequest {
  readonly model: string
  readonly messages: ReadonlyArray<ChatMessage>
  readonly tools: ReadonlyArray<ToolSpec>
  readonly sessionId: string
  /** Told about every failed attempt, the retried ones included (`--verbose`). */
  readonly onAttemptFailed?: ((message: string) => void) | undefined
}

/** Called synchronously as the stream arrives; only the main agent passes handlers that print. */
export interface StreamHandlers {
  readonly onReasoning: (delta: string) => void
  readonly onContent: (delta: string) => void
  /** An attempt that already produced deltas failed and will be retried: its deltas are void. */
  readonly onDiscard: () => void
}

export const silentHandlers: StreamHandlers = { onReasoning: () => {}, onContent: () => {}, onDiscard: () => {} }
