// What differs between the model APIs wave speaks (OpenAI-compatible chat completions, Anthropic Messages): the URL,
// the headers, the body, and how the streamed `data:` payloads fold into one Completion. The HTTP exchange, the
// time-outs, the errors and the retries are shared (streamCompletion.ts, ModelProvider.ts).
import type { ModelSettings } from "../config/readModelSettings.js"
import type { Completion, CompletionRequest } from "./ChatTypes.js"
import type { CompletionDelta } from "./completionState.js"
import type { ModelError } from "./ModelError.js"

export interface WireProtocol<S> {
  readonly url: (settings: ModelSettings) => URL
  readonly headers: (settings: ModelSettings, request: CompletionRequest) => Record<string, string>
  readonly body: (settings: ModelSettings, request: CompletionRequest) => string
  /** The fold before the first payload. */
  readonly initial: (model: string) => S
  /** One `data:` payload: the next state and the deltas to forward now. */
  readonly step: (state: S, payload: string) => readonly [S, ReadonlyArray<CompletionDelta>]
  /** Whether the stream said it is complete (`[DONE]`, `message_stop`); nothing after it is read. */
  readonly finished: (state: S) => boolean
  /** A failure the stream itself reported (an `error` event), which ends it. */
  readonly failure: (state: S) => ModelError | undefined
  /** Why a stream that ended here is not a usable answer, or undefined when it is. */
  readonly incomplete: (state: S) => ModelError | undefined
  /** Some delta was forwarded (a retry must then discard them). */
  readonly emitted: (state: S) => boolean
  readonly completion: (state: S) => Completion
}
