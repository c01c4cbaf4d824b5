// The model provider service: one streamed completion per call, retried per modelRetrySchedule.
import { Context, Effect, Layer, MutableRef } from "effect"
import { ModelConfig } from "../config/ModelConfig.js"
import type { Completion, CompletionRequest, StreamHandlers } from "./ChatTypes.js"
import { completionOf, emptyCompletion } from "./completionState.js"
import { type ModelError, ModelNetworkError } from "./ModelError.js"
import { modelRetrySchedule } from "./retrySchedule.js"
import { streamCompletion } from "./streamCompletion.js"

export class ModelProvider extends Context.Service<ModelProvider, {
  readonly model: string
  complete(request: CompletionRequest, handlers: StreamHandlers): Effect.Effect<Completion, ModelError>
}>()("@agent-desktop/agent/ModelProvider") {
  static readonly layer = Layer.effect(
    ModelProvider,
    Effect.gen(function*() {
      const settings = yield* ModelConfig
      const schedule = modelRetrySchedule(settings)
      const complete = (request: CompletionRequest, handlers: StreamHandlers) =>
        Effect.suspend(() => {
          const completion = MutableRef.make(emptyCompletion(request.model))
          return Effect.tryPromise({
            try: (signal) => streamCompletion(settings, request, completion, handlers, signal),
            catch: (error) =>
              typeof error === "object" && error !== null && "_tag" in error
                ? error as ModelError
                : new ModelNetworkError({ detail: String(error) })
          }).pipe(
            Effect.tapError((error) =>
              Effect.sync(() => {
                request.onAttemptFailed?.(error.retryable ? `${error.message} (retryable)` : error.message)
                if (MutableRef.get(completion).emitted) handlers.onDiscard()
              })
            ),
            Effect.map(() => completionOf(MutableRef.get(completion)))
          )
        }).pipe(Effect.retry(schedule))
      return ModelProvider.of({ model: settings.model, complete })
    })
  )
}
