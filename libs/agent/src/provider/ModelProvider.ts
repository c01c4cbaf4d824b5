// The model provider service: one streamed completion per call, retried per modelRetrySchedule.
import { Context, Effect, Layer } from "effect"
import { ModelConfig } from "../config/ModelConfig.js"
import type { Completion, CompletionRequest, StreamHandlers } from "./ChatTypes.js"
import { CompletionAssembler } from "./CompletionAssembler.js"
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
          const assembler = new CompletionAssembler(request.model, handlers)
          return Effect.tryPromise({
            try: (signal) => streamCompletion(settings, request, assembler, signal),
            catch: (error) =>
              typeof error === "object" && error !== null && "_tag" in error
                ? error as ModelError
                : new ModelNetworkError({ detail: String(error) })
          }).pipe(
            Effect.tapError(() => Effect.sync(() => assembler.emitted && handlers.onDiscard())),
            Effect.as(assembler)
          )
        }).pipe(
          Effect.retry(schedule),
          Effect.map((assembler) => assembler.result())
        )
      return ModelProvider.of({ model: settings.model, complete })
    })
  )
}
