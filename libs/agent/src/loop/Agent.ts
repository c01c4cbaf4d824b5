// One agent: its conversation, a message queue, isLoading, and (for the main agent) background tasks.
// Ordering facts kept from the reference (print-mode.md §2): isLoading is set synchronously when a queued message is
// dispatched; a finished task sets its status and enqueues its notification in one synchronous step; isLoading
// drops only when the queue is empty, so an observer never sees "idle, nothing queued, nothing running" too early.
import { type Cause, Effect, Exit, Fiber, Scope } from "effect"
import type { ChatMessage, Completion, StreamHandlers, ToolSpec } from "../provider/ChatTypes.js"
import type { ModelError } from "../provider/ModelError.js"
import { ModelHttpError } from "../provider/ModelError.js"
import { ModelProvider } from "../provider/ModelProvider.js"
import { compactParams, failure, type Tool, type ToolOutcome, toolSpec } from "../tools/Tool.js"
import type { EmitEvent, ErrorSource, UsageSource } from "./AgentEvent.js"
import { type BackgroundTask, BackgroundTasks, taskNotification } from "./BackgroundTasks.js"
import { newMessageId, newTaskId } from "./ids.js"
import type { SettleProbe } from "./settle.js"

export interface AgentOptions {
  readonly sessionId: string
  readonly model: string
  readonly systemPrompt: string
  /** Built once the agent exists, so tools such as Agent can start background work on it. */
  readonly tools: (agent: Agent) => ReadonlyArray<Tool>
  readonly emit: EmitEvent
  readonly source: UsageSource
  readonly maxTurns?: number | undefined
  /** A restored conversation (without the system prompt). */
  readonly history?: ReadonlyArray<ChatMessage>
  /** Called for every message added to the conversation (session persistence). */
  readonly onMessage?: (message: ChatMessage) => Effect.Effect<void>
  /** After the turn loop of a dispatched batch, while still loading (memory extraction starts here). */
  readonly onBatchEnd?: (batch: ReadonlyArray<string>) => Effect.Effect<void>
}

interface ParsedArgs {
  readonly input: unknown
  readonly parsed: boolean
}

const parseArgs = (raw: string): ParsedArgs => {
  if (raw.trim() === "") return { input: {}, parsed: true }
  try {
    return { input: JSON.parse(raw) as unknown, parsed: true }
  } catch {
    return { input: raw, parsed: false }
  }
}

const errorStatus = (error: ModelError): number | undefined =>
  error instanceof ModelHttpError ? error.status : undefined

export class Agent implements SettleProbe {
  readonly messages: Array<ChatMessage> = []
  readonly background = new BackgroundTasks()
  readonly tools: ReadonlyArray<Tool>
  private readonly specs: ReadonlyArray<ToolSpec>
  private readonly queue: Array<string> = []
  private loading = false
  private stopped = false
  /** Main assistant messages completed in this process (num_turns). */
  turns = 0
  producedContent = false
  maxTurnsHit = false
  lastText = ""
  errorCount = 0

  private constructor(
    readonly options: AgentOptions,
    private readonly provider: ModelProvider["Service"],
    private readonly scope: Scope.Closeable
  ) {
    this.messages.push({ role: "system", content: options.systemPrompt })
    if (options.history) this.messages.push(...options.history)
    this.tools = options.tools(this)
    this.specs = this.tools.map(toolSpec)
  }

  static make(options: AgentOptions) {
    return Effect.gen(function*() {
      const provider = yield* ModelProvider
      const scope = yield* Scope.make()
      return new Agent(options, provider, scope)
    })
  }

  // SettleProbe
  hasRunningBackgroundWork(): boolean {
    return this.background.running().length > 0
  }
  isLoading(): boolean {
    return this.loading
  }
  hasPendingMessages(): boolean {
    return this.queue.length > 0
  }
  pendingTasks() {
    return this.background.pending()
  }

  /** Adds an error block (the reference's "error block": it does not throw). */
  reportError(message: string, source: ErrorSource, recoverable: boolean, httpStatus?: number): void {
    this.errorCount++
    this.options.emit({
      type: "error",
      message,
      source,
      recoverable,
      ...(httpStatus === undefined ? {} : { http_status: httpStatus })
    })
  }

  /** Queues a user message (or notification) and dispatches it when the agent is idle. */
  enqueue(text: string): Effect.Effect<void> {
    return Effect.suspend(() => {
      this.queue.push(text)
      return this.tryDispatch()
    })
  }

  private tryDispatch(): Effect.Effect<void> {
    return Effect.suspend(() => {
      if (this.loading || this.queue.length === 0 || this.stopped) return Effect.void
      this.loading = true
      return Effect.forkIn(this.processQueue(), this.scope).pipe(Effect.asVoid)
    })
  }

  private processQueue(): Effect.Effect<void> {
    const self = this
    return Effect.gen(function*() {
      while (self.queue.length > 0 && !self.stopped) {
        // All queued messages (e.g. several task notifications) are handled together in one turn.
        const batch = self.queue.splice(0)
        yield* self.addMessage({ role: "user", content: batch.join("\n\n") })
        yield* self.runTurns()
        if (self.options.onBatchEnd) yield* self.options.onBatchEnd(batch)
      }
    }).pipe(Effect.ensuring(Effect.sync(() => {
      self.loading = false
    })))
  }

  /** Runs a prompt to the end of its turn loop (sub-agents; the main agent goes through the queue instead). */
  runToCompletion(prompt: string): Effect.Effect<string> {
    const self = this
    return Effect.gen(function*() {
      self.loading = true
      yield* self.addMessage({ role: "user", content: prompt })
      yield* self.runTurns()
      return self.lastText
    }).pipe(Effect.ensuring(Effect.sync(() => {
      self.loading = false
    })))
  }

  private addMessage(message: ChatMessage): Effect.Effect<void> {
    this.messages.push(message)
    return this.options.onMessage ? this.options.onMessage(message) : Effect.void
  }

  private streamHandlers(): { handlers: StreamHandlers; messageId: () => string } {
    let messageId = newMessageId()
    const emit = this.options.emit
    const handlers: StreamHandlers = {
      onReasoning: (delta) => emit({ type: "reasoning_delta", message_id: messageId, delta }),
      onContent: (delta) => {
        emit({ type: "content_delta", message_id: messageId, delta })
      },
      onDiscard: () => {
        emit({ type: "message_discard", message_id: messageId })
        messageId = newMessageId()
      }
    }
    return { handlers, messageId: () => messageId }
  }

  private runTurns(): Effect.Effect<void> {
    const self = this
    return Effect.gen(function*() {
      while (!self.stopped) {
        if (self.options.maxTurns !== undefined && self.turns >= self.options.maxTurns) {
          self.maxTurnsHit = true
          return
        }
        const { handlers, messageId } = self.streamHandlers()
        const outcome = yield* self.provider.complete({
          model: self.options.model,
          messages: self.messages,
          tools: self.specs,
          sessionId: self.options.sessionId
        }, handlers).pipe(Effect.exit)
        if (Exit.isFailure(outcome)) {
          const error = outcome.cause.reasons.find((reason) => reason._tag === "Fail")
          if (error === undefined) return yield* Effect.failCause(outcome.cause as Cause.Cause<never>)
          const modelError = (error as { error: ModelError }).error
          self.reportError(modelError.message, "api", false, errorStatus(modelError))
          return
        }
        const completion: Completion = outcome.value
        if (completion.usage) {
          self.options.emit({ type: "usage", model: completion.model, source: self.options.source, usage: completion.usage })
        }
        self.turns++
        self.lastText = completion.content
        if (completion.content.length > 0) self.producedContent = true
        yield* self.addMessage({
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
        self.options.emit({
          type: "message_end",
          message_id: messageId(),
          content: completion.content,
          tool_calls: completion.toolCalls.length
        })
        if (completion.toolCalls.length === 0) return
        for (const call of completion.toolCalls) {
          const outcome = yield* self.runTool(call.id, call.name, call.arguments)
          yield* self.addMessage({ role: "tool", tool_call_id: call.id, content: outcome.output })
        }
      }
    })
  }

  private runTool(id: string, name: string, rawArgs: string): Effect.Effect<ToolOutcome> {
    const self = this
    return Effect.gen(function*() {
      const { input, parsed } = parseArgs(rawArgs)
      self.options.emit({ type: "tool_start", id, name, input, parsed, compact: parsed ? compactParams(input) : "" })
      const tool = self.tools.find((candidate) => candidate.name === name)
      const outcome: ToolOutcome = tool === undefined
        ? failure(`Unknown tool "${name}"`)
        : !parsed
        ? failure(`Tool arguments are not valid JSON: ${rawArgs.slice(0, 200)}`)
        : yield* tool.run(input, { callId: id, isMain: self.options.source === "main" }).pipe(
          Effect.catchCause((cause) => Effect.succeed(failure(`Tool crashed: ${String(cause)}`)))
        )
      self.options.emit({
        type: "tool_end",
        id,
        name,
        success: outcome.success,
        ...(outcome.error === undefined ? {} : { error: outcome.error })
      })
      return outcome
    })
  }

  /**
   * Starts background work. When it ends, its status is set and (if `notify`) its notification is queued in the
   * same synchronous step, then the queue is dispatched.
   */
  startBackground(
    options: { readonly type: BackgroundTask["type"]; readonly description: string; readonly notify: boolean },
    work: Effect.Effect<string, string>
  ): Effect.Effect<BackgroundTask> {
    const self = this
    return Effect.gen(function*() {
      const task: BackgroundTask = {
        id: newTaskId(),
        type: options.type,
        description: options.description,
        status: "running",
        summary: "",
        notify: options.notify,
        fiber: undefined
      }
      self.background.tasks.set(task.id, task)
      const finish = (exit: Exit.Exit<string, string>) =>
        Effect.suspend(() => {
          if (task.status !== "running") return Effect.void
          task.status = Exit.isSuccess(exit) ? "completed" : "failed"
          task.summary = Exit.isSuccess(exit)
            ? exit.value
            : String(exit.cause.reasons.find((r) => r._tag === "Fail")?.error ?? "the task failed")
          if (!task.notify || self.stopped) return Effect.void
          self.queue.push(taskNotification(task))
          return self.tryDispatch()
        })
      task.fiber = yield* Effect.forkIn(work.pipe(Effect.exit, Effect.flatMap(finish)), self.scope)
      return task
    })
  }

  /** At the wait ceiling: kill what still runs (no notification is queued for a killed task) and stop. */
  killAll(): Effect.Effect<ReadonlyArray<BackgroundTask>> {
    const self = this
    return Effect.gen(function*() {
      const killed = self.background.running()
      for (const task of killed) task.status = "killed"
      self.stopped = true
      self.queue.length = 0
      for (const task of killed) if (task.fiber) yield* Fiber.interrupt(task.fiber)
      return killed
    })
  }

  /** Stops everything the agent started (end of run, signals). */
  destroy(): Effect.Effect<void> {
    return Effect.suspend(() => {
      this.stopped = true
      return Scope.close(this.scope, Exit.void)
    })
  }
}
