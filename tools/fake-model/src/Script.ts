// The vocabulary of a fake-model script: rules matched on request content, each with a scripted reply.

/** One request as the server saw it; kept in the request log for assertions. */
export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** Which API was called: OpenAI chat completions (`…/chat/completions`) or Anthropic Messages (`…/messages`). */
  readonly protocol: "openai" | "anthropic"
  readonly body: ChatRequestBody
  /** The conversation as OpenAI chat messages, whichever protocol was called: what the matchers read. */
  readonly chat: ReadonlyArray<ChatMessage>
  readonly rawBody: string
  /** Name of the rule that answered, or undefined when none matched. */
  rule: string | undefined
  readonly receivedAt: number
}

export interface ChatMessage {
  readonly role: string
  readonly content?: unknown
  readonly tool_calls?: ReadonlyArray<unknown>
  readonly tool_call_id?: string
  readonly [key: string]: unknown
}

export interface ChatRequestBody {
  readonly model?: string
  readonly messages?: ReadonlyArray<ChatMessage>
  readonly stream?: boolean
  readonly [key: string]: unknown
}

/**
 * A data line of an SSE reply: a chunk object (with `event`: a native Anthropic event, sent with an `event:` line), a
 * raw (possibly malformed) line, or a pause.
 */
export type SseItem =
  | { readonly kind: "chunk"; readonly chunk: unknown; readonly event?: string }
  | { readonly kind: "raw"; readonly line: string }
  | { readonly kind: "pause"; readonly ms: number }

export type Reply =
  | {
    readonly kind: "sse"
    readonly items: ReadonlyArray<SseItem>
    /** Delay before every data line (ms). */
    readonly delayMs?: number
    /** Destroy the socket after this many data lines, without `[DONE]`. */
    readonly hangupAfter?: number
    /** Skip the final `data: [DONE]` line. */
    readonly omitDone?: boolean
  }
  | { readonly kind: "json"; readonly body: unknown; readonly status?: number }
  | {
    readonly kind: "http"
    readonly status: number
    readonly body: unknown
    readonly headers?: Readonly<Record<string, string>>
  }
  | { readonly kind: "hang" }

export type Matcher = (request: RecordedRequest) => boolean

export interface Rule {
  readonly name?: string
  readonly match: Matcher
  /** A reply, or a function of the request (for replies that echo what they were asked, or that first change the
   * world the agent observes, e.g. a fixture app, before answering). */
  readonly reply: Reply | ((request: RecordedRequest) => Reply | Promise<Reply>)
  /** Delay before the response headers (ms). */
  readonly delayMs?: number
  /** How many requests this rule answers before it is skipped (default: unlimited). */
  readonly times?: number
}

export interface Script {
  readonly rules: ReadonlyArray<Rule>
}
