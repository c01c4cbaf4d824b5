// The turn loop: ask the model, record its answer, run the tool calls it made, and ask again until it answers
// without tool calls, the turn limit is reached, the agent is stopped, or the model call fails (an error block,
// not a failed effect).
import { Duration, Effect, Ref } from "effect"
import type { ChatMessage, Completion, ToolSpec } from "../provider/ChatTypes.js"
import { type ModelError, ModelHttpError } from "../provider/ModelError.js"
import type { ModelProvider } from "../provider/ModelProvider.js"
import type { AgentOptions } from "./AgentOptions.js"
import { type AgentState, completeTurn, failTurn, hitMaxTurns, maxTurnsReached } from "./AgentState.js"
import { runToolCall, type ToolCallContext } from "./runToolCall.js"
import { streamHandlers } from "./streamHandlers.js"

export interface TurnLoopContext extends ToolCallContext {
  readonly state: Ref.Ref<AgentState>
  readonly provider: ModelProvider["Service"]
  readonly options: AgentOptions
  readonly specs: ReadonlyArray<ToolSpec>
  /** Adds a message to the conversation (and persists it). */
  readonly record: (message: ChatMessage) => Effect.Effect<void>
}

export const assistantMessage = (completion: Completion): ChatMessage => ({
  role: "assistant",
  content: completion.content.length > 0 ? completion.content : null,
  ...(completion.reasoning.length > 0 ? { reasoning_content: completion.reasoning } : {}),
  ...(completion.toolCalls.length > 0
    ? {
      tool_calls: completion.toolCalls.map((call) => ({
        id: call.id,
        type: "function" as const,
        function: { name: call.name, arguments: call.arguments }
      }))
    }
    : {})
})

const errorStatus = (error: ModelError): number | undefined =>
  error instanceof ModelHttpError ? error.status : undefined

export const runTurns = (context: TurnLoopContext): Effect.Effect<void> =>
  Effect.gen(function*() {
    const { emit, options } = context
    while (true) {
      const state = yield* Ref.get(context.state)
      if (state.stopped) return
      if (maxTurnsReached(options.maxTurns, state)) return yield* Ref.update(context.state, hitMaxTurns)
      const stream = streamHandlers(emit)
      const [took, result] = yield* context.provider.complete({
        model: options.model,
        messages: state.messages,
        tools: context.specs,
        sessionId: options.sessionId,
        onAttemptFailed: options.diagnostic === undefined
          ? undefined
          : (message) => options.diagnostic?.(`model call (${options.source}) attempt failed: ${message}`)
      }, stream.handlers).pipe(Effect.result, Effect.timed)
      emit({ type: "model_call", model: options.model, source: options.source, duration_ms: Duration.toMillis(took) })
      if (result._tag === "Failure") {
        const error = result.failure
        const httpStatus = errorStatus(error)
        yield* Ref.update(context.state, failTurn(error.message))
        emit({
          type: "error",
          message: error.message,
          source: "api",
          recoverable: false,
          ...(httpStatus === undefined ? {} : { http_status: httpStatus })
        })
        return
      }
      const completion = result.success
      if (completion.usage) emit({ type: "usage", model: completion.model, source: options.source, usage: completion.usage })
      yield* Ref.update(context.state, completeTurn(completion.content))
      yield* context.record(assistantMessage(completion))
      emit({
        type: "message_end",
        message_id: stream.messageId(),
        content: completion.content,
        tool_calls: completion.toolCalls.length
      })
      if (completion.toolCalls.length === 0) return
      for (const call of completion.toolCalls) {
        const outcome = yield* runToolCall(context, call)
        yield* context.record({ role: "tool", tool_call_id: call.id, content: outcome.output })
      }
    }
  })
