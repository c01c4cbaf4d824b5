// OpenAI-compatible chat completions: `POST <base>/chat/completions`, `Authorization: Bearer`, chunks folded by
// completionState.ts, `[DONE]` at the end.
import type { ModelSettings } from "../config/readModelSettings.js"
import type { CompletionRequest } from "./ChatTypes.js"
import { type CompletionState, completionOf, completionStep, emptyCompletion } from "./completionState.js"
import { ModelProtocolError } from "./ModelError.js"
import type { WireProtocol } from "./WireProtocol.js"

export const requestBody = (settings: ModelSettings, request: CompletionRequest): string =>
  JSON.stringify({
    model: request.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(settings.maxOutputTokens === undefined ? {} : { max_tokens: settings.maxOutputTokens }),
    ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: "auto" } : {})
  })

interface OpenAiFold {
  readonly completion: CompletionState
  readonly done: boolean
  readonly valid: number
}

export const openAiProtocol: WireProtocol<OpenAiFold> = {
  url: (settings) => new URL(`${settings.baseUrl}/chat/completions`),
  headers: (settings) => (settings.apiKey === undefined ? {} : { authorization: `Bearer ${settings.apiKey}` }),
  body: requestBody,
  initial: (model) => ({ completion: emptyCompletion(model), done: false, valid: 0 }),
  step: (state, payload) => {
    if (payload === "[DONE]") return [{ ...state, done: true }, []]
    const [completion, deltas] = completionStep(state.completion, payload)
    return [{
      completion,
      done: false,
      valid: state.valid + (completion.malformed === state.completion.malformed ? 1 : 0)
    }, deltas]
  },
  finished: (state) => state.done,
  failure: () => undefined,
  // [DONE] after nothing usable is not an empty answer: it is a stream we could not read.
  incomplete: (state) =>
    state.valid > 0 ? undefined : new ModelProtocolError({
      detail: `the stream ${state.done ? "ended ([DONE])" : "ended"} without any valid chunk` +
        (state.completion.malformed > 0 ? ` (${state.completion.malformed} malformed)` : "")
    }),
  emitted: (state) => state.completion.emitted,
  completion: (state) => completionOf(state.completion)
}
