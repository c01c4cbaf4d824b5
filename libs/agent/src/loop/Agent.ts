// One agent: its conversation, a message queue, isLoading, and (for the main agent) background tasks, all in one
// Ref of AgentState changed by pure transitions (AgentState.ts, dispatchState.ts, taskState.ts).
// Ordering facts kept from the reference (print-mode.md §2): isLoading is set synchronously when a queued message is
// dispatched; a finished task sets its status and enqueues its notification in one synchronous step; isLoading
// drops only when the queue is empty, so an observer never sees "idle, nothing queued, nothing running" too early.
// Each of these is one Ref.modify, which runs without yielding to another fiber.
import { Effect, Exit, FiberMap, Ref, Scope } from "effect"
import type { ChatMessage } from "../provider/ChatTypes.js"
import { ModelProvider } from "../provider/ModelProvider.js"
import { toolSpec } from "../tools/Tool.js"
import type { AgentOptions } from "./AgentOptions.js"
import { addMessage, type AgentState, type Answer, answerOf, initialState, startConversation } from "./AgentState.js"
import type { BackgroundHost, BackgroundTask, BackgroundTaskSpec } from "./BackgroundTask.js"
import { enqueue, startLoading, stop, stopLoading, takeBatch } from "./dispatchState.js"
import { newTaskId } from "./ids.js"
import type { SettleProbe } from "./settle.js"
import { addTask, finishTask, killRunning, pendingTasks, taskOutcome } from "./taskState.js"
import { runTurns } from "./turnLoop.js"

export interface Agent extends BackgroundHost {
  /** The state as it is now: a read-only snapshot. */
  readonly snapshot: Effect.Effect<AgentState>
  /** What the exit wait (settle.ts) reads, in one step. */
  readonly settleState: SettleProbe
  /** Queues a user message (or notification) and dispatches it when the agent is idle. */
  readonly enqueue: (text: string) => Effect.Effect<void>
  /** The names of the agent's tools, in order (what its system prompt was written from). */
  readonly toolNames: ReadonlyArray<string>
  /** Runs a prompt to the end of its turn loop (sub-agents; the main agent goes through the queue instead). */
  readonly runToCompletion: (prompt: string) => Effect.Effect<Answer>
  /** At the wait ceiling: kill what still runs (no notification is queued for a killed task) and stop. */
  readonly killAll: () => Effect.Effect<ReadonlyArray<BackgroundTask>>
  /** Stops everything the agent started (end of run, signals). */
  readonly destroy: () => Effect.Effect<void>
}

const make = Effect.fn("Agent.make")(function*(options: AgentOptions): Effect.fn.Return<Agent, never, ModelProvider> {
  const provider = yield* ModelProvider
  const scope = yield* Scope.make()
  const fibers = yield* FiberMap.make<string>().pipe(Scope.provide(scope))
  const state = yield* Ref.make(initialState)

  const record = (message: ChatMessage): Effect.Effect<void> =>
    Ref.update(state, addMessage(message)).pipe(
      Effect.andThen(options.onMessage ? options.onMessage(message) : Effect.void)
    )

  const dispatchIf = (dispatch: boolean): Effect.Effect<void> =>
    dispatch ? Effect.forkIn(processQueue, scope).pipe(Effect.asVoid) : Effect.void

  const startBackground = (spec: BackgroundTaskSpec, work: Effect.Effect<string, string>) =>
    Effect.gen(function*() {
      const task: BackgroundTask = { id: newTaskId(), ...spec, status: "running", summary: "" }
      yield* Ref.update(state, addTask(task))
      const finish = (exit: Exit.Exit<string, string>) =>
        Ref.modify(state, finishTask(task.id, taskOutcome(exit))).pipe(Effect.flatMap(dispatchIf))
      // Scheduled, not started inside this call (as Effect.forkIn does): the caller's step ends first.
      yield* FiberMap.run(fibers, task.id, { startImmediately: false })(work.pipe(Effect.exit, Effect.flatMap(finish)))
      return task
    })

  const tools = options.tools({ startBackground })
  const toolNames = tools.map((tool) => tool.name)
  const systemPrompt = typeof options.systemPrompt === "string" ? options.systemPrompt : options.systemPrompt(toolNames)
  yield* Ref.update(state, startConversation(systemPrompt, options.history ?? []))
  const turns = runTurns({
    state,
    provider,
    options,
    tools,
    specs: tools.map(toolSpec),
    emit: options.emit,
    isMain: options.source === "main",
    record
  })

  // Started only by the transition that set loading; it ends by the transition that drops it (takeBatch).
  const processQueue: Effect.Effect<void> = Effect.gen(function*() {
    while (true) {
      // All queued messages (e.g. several task notifications) are handled together in one turn.
      const batch = yield* Ref.modify(state, takeBatch)
      if (batch === undefined) return
      yield* record({ role: "user", content: batch.join("\n\n") })
      yield* turns
      if (options.onBatchEnd) yield* options.onBatchEnd(batch)
    }
  }).pipe(Effect.onError(() => Ref.update(state, stopLoading)))

  return {
    snapshot: Ref.get(state),
    settleState: Effect.map(Ref.get(state), (current) => ({
      pending: pendingTasks(current),
      loading: current.loading,
      queued: current.queue.length
    })),
    toolNames,
    enqueue: (text) => Ref.modify(state, enqueue(text)).pipe(Effect.flatMap(dispatchIf)),
    runToCompletion: (prompt) =>
      Effect.gen(function*() {
        yield* Ref.update(state, startLoading)
        yield* record({ role: "user", content: prompt })
        yield* turns
        return answerOf(yield* Ref.get(state))
      }).pipe(Effect.ensuring(Ref.update(state, stopLoading))),
    startBackground,
    killAll: () =>
      Effect.gen(function*() {
        const killed = yield* Ref.modify(state, killRunning)
        for (const task of killed) yield* FiberMap.remove(fibers, task.id)
        return killed
      }),
    destroy: () => Ref.update(state, stop).pipe(Effect.andThen(Scope.close(scope, Exit.void)))
  }
})

export const Agent = { make } as const
