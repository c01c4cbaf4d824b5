// The model provider service: one streamed completion per call over the configured API (openAiProtocol.ts or
// anthropicProtocol.ts), retried per modelRetrySchedule.
import { Context, Effect, Layer, MutableRef } from "effect"
import { ModelConfig, type ModelSettings } from "../config/ModelConfig.js"
import { anthropicProtocol } from "./anthropicProtocol.js"
import type { Completion, CompletionRequest, StreamHandlers } from "./ChatTypes.js"
import { type ModelError, ModelNetworkError } from "./ModelError.js"
import { openAiProtocol } from "./openAiProtocol.js"
import { modelRetrySchedule } from "./retrySchedule.js"
import { streamCompletion } from "./streamCompletion.js"
import type { WireProtocol } from "./WireProtocol.js"

/** One attempt of a call over `protocol`: its fold, and the completion once the stream ended. */
const attempt = <S>(settings: ModelSettings, protocol: WireProtocol<S>, request: CompletionRequest, handlers: StreamHandlers) =>
  Effect.suspend(() => {
    const state = MutableRef.make(protocol.initial(request.model))
    return Effect.tryPromise({
      try: (signal) => streamCompletion(settings, protocol, request, state, handlers, signal),
      catch: (error) =>
        typeof error === "object" && error !== null && "_tag" in error
          ? error as ModelError
          : new ModelNetworkError({ detail: String(error) })
    }).pipe(
      Effect.tapError((error) =>
        Effect.sync(() => {
          request.onAttemptFailed?.(error.retryable ? `${error.message} (retryable)` : error.message)
          if (protocol.emitted(MutableRef.get(state))) handlers.onDiscard()
        })
      ),
      Effect.map(() => protocol.completion(MutableRef.get(state)))
    )
  })

export class ModelProvider extends Context.Service<ModelProvider, {
  readonly model: string
  complete(request: CompletionRequest, handlers: StreamHandlers): Effect.Effect<Completion, ModelError>
}>()("@agent-desktop/agent/ModelProvider") {
  static readonly layer = Layer.effect(
    ModelProvider,
    Effect.gen(function*() {
      const settings = yield* ModelConfig
      const schedule = modelRetrySchedule(settings)
      const complete = (request: CompletionRequest, handlers: StreamHandlers): Effect.Effect<Completion, ModelError> =>
        (settings.provider === "anthropic"
          ? attempt(settings, anthropicProtocol, request, handlers)
          : attempt(settings, openAiProtocol, request, handlers)).pipe(Effect.retry(schedule))
      return ModelProvider.of({ model: settings.model, complete })
    })
  )
}
