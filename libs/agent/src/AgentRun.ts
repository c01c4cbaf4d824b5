// One print-mode run: create the agent (config, session restore, SessionStart hooks), send the prompt, wait for
// background work and the wrap-up turn (story 4), tear down. Its fields stay readable however execute() ends
// (signal, ceiling, failure), so the caller can always write a result.
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import { ModelConfig, ModelConfigError, resolveModelSettings } from "./config/ModelConfig.js"
import { loadSettings } from "./config/WaveSettings.js"
import { runHooks } from "./hooks/runHooks.js"
import { Agent } from "./loop/Agent.js"
import type { AgentState } from "./loop/AgentState.js"
import type { EmitEvent, PendingTaskInfo } from "./loop/AgentEvent.js"
import { newSessionId } from "./loop/ids.js"
import { mainSystemPrompt, subagentSystemPrompt } from "./loop/prompts.js"
import { awaitSettled } from "./loop/settle.js"
import { appendMemory, MEMORY_EXTRACTION_PROMPT, readMemory } from "./memory/autoMemory.js"
import type { ChatMessage } from "./provider/ChatTypes.js"
import { ModelProvider } from "./provider/ModelProvider.js"
import { rebuildConversation, type SessionStore } from "./session/SessionStore.js"
import { agentTool } from "./tools/AgentTool.js"
import { bashTool } from "./tools/BashTool.js"
import { desktopTools, type DesktopToolRunner } from "./tools/DesktopTools.js"
import type { Tool } from "./tools/Tool.js"
import { filterTools } from "./tools/ToolFilter.js"
import { PermissionGate, type PermissionMode } from "./permissions/PermissionGate.js"
import { projectTrusted } from "./hooks/projectTrust.js"
import { UsageLedger } from "./usage/UsageLedger.js"

export interface RunRequest {
  readonly prompt: string | undefined
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly model?: string | undefined
  readonly resume?: { readonly kind: "restore"; readonly id: string } | { readonly kind: "continue" } | undefined
  readonly maxTurns?: number | undefined
  readonly maxWaitMs: number
  readonly heartbeatMs?: number | undefined
  readonly allowedTools?: ReadonlyArray<string> | undefined
  readonly disallowedTools?: ReadonlyArray<string> | undefined
  readonly headed: boolean
  readonly autoRecover: boolean
  /** `--permission-mode` (permissions/PermissionGate.ts); "default" when absent. */
  readonly permissionMode?: PermissionMode | undefined
  /**
   * `--trust-project`: the project directory's `.wave/settings.json` hooks may run. Without it (or the directory in
   * WAVE_TRUSTED_PROJECTS) they are skipped with an error block: a checked-out repository must not run commands.
   */
  readonly trustProject?: boolean | undefined
  /** The engine seam; without it no desktop tools are offered. */
  readonly desktop?: DesktopToolRunner | undefined
  readonly sessions: SessionStore
  readonly emit: EmitEvent
  /** The id for a new session, when the caller already announced one (start-up fast path). */
  readonly sessionId?: string | undefined
}

export interface CreatedInfo {
  readonly sessionId: string
  readonly model: string
  readonly cwd: string
  readonly permissionMode: string
  readonly tools: ReadonlyArray<string>
  readonly restored: boolean
}

export class AgentRun {
  readonly ledger = new UsageLedger()
  created: CreatedInfo | undefined
  /** Why the run itself failed (creation or sending threw): 5.3. */
  thrown: string | undefined
  incompleteTasks: ReadonlyArray<PendingTaskInfo> = []
  agent: Agent | undefined
  /** The agent's state when the run stopped waiting for it (set however the wait ended). */
  ended: AgentState | undefined
  private readonly emit: EmitEvent

  constructor(readonly request: RunRequest, private readonly onCreated: (info: CreatedInfo) => void) {
    this.emit = (event) => {
      if (event.type === "usage") this.ledger.record(event.model, event.source, event.usage)
      request.emit(event)
    }
  }

  get turns(): number {
    return this.ended?.turns ?? 0
  }
  get lastText(): string {
    return this.ended?.lastText ?? ""
  }
  get producedContent(): boolean {
    return this.ended?.producedContent ?? false
  }
  get maxTurnsHit(): boolean {
    return this.ended?.maxTurnsHit ?? false
  }

  execute(): Effect.Effect<void> {
    const self = this
    const request = this.request
    return Effect.gen(function*() {
      const settings = resolveModelSettings(request.env, { model: request.model })
      if (settings instanceof ModelConfigError) {
        self.emit({ type: "error", message: settings.message, source: "create", recoverable: false })
        self.thrown = settings.message
        return
      }
      const provider = yield* Effect.provide(
        Effect.gen(function*() {
          return yield* ModelProvider
        }),
        ModelProvider.layer.pipe(Layer.provide(ModelConfig.layer(settings)))
      )
      yield* self.run(settings.model).pipe(Effect.provideService(ModelProvider, provider))
    })
  }

  private run(model: string): Effect.Effect<void, never, ModelProvider> {
    const self = this
    const request = this.request
    return Effect.gen(function*() {
      const provider = yield* ModelProvider
      const withProvider = <A, E>(effect: Effect.Effect<A, E, ModelProvider>) =>
        Effect.provideService(effect, ModelProvider, provider)
      const waveHome = request.env["WAVE_HOME"] ?? path.join(request.env["HOME"] ?? os.homedir(), ".wave")
      const loaded = loadSettings(request.cwd, request.env)
      if (loaded.problem !== undefined) self.emit({ type: "error", message: loaded.problem, source: "internal", recoverable: true })
      const trusted = request.trustProject === true || projectTrusted(request.cwd, request.env)
      const hookEvents = Object.values(loaded.settings.hooks).reduce((n, hooks) => n + (hooks?.length ?? 0), 0)
      if (!trusted && hookEvents > 0) {
        self.emit({
          type: "error",
          message: `Project hooks in ${request.cwd}/.wave/settings.json were not run: the directory is not trusted ` +
            "(pass --trust-project, or list it in WAVE_TRUSTED_PROJECTS)",
          source: "hook",
          recoverable: true
        })
      }
      const settings = trusted ? loaded.settings : { ...loaded.settings, hooks: {} }
      const gate = new PermissionGate(request.permissionMode ?? "default", {
        allowed: request.allowedTools,
        disallowed: request.disallowedTools
      })
      const guarded = (tools: ReadonlyArray<Tool>) =>
        gate.guard(tools, (denial, reason) => self.emit({ type: "permission_denied", denial, reason }))

      // Session: new, restored (-r) or the latest (-c).
      let sessionId = request.sessionId ?? newSessionId()
      let history: Array<ChatMessage> = []
      let restored = false
      if (request.resume?.kind === "restore") {
        const events = yield* request.sessions.read(request.resume.id).pipe(Effect.result)
        if (events._tag === "Failure") {
          // The reference adds an error block before create throws; consumers see it before the result (5.6b).
          self.emit({ type: "error", message: events.failure.message, source: "create", recoverable: false })
          self.thrown = events.failure.message
          return
        }
        sessionId = request.resume.id
        history = rebuildConversation(events.success)
        restored = true
      } else if (request.resume?.kind === "continue") {
        const latest = yield* request.sessions.latest()
        if (latest !== undefined) {
          const events = yield* request.sessions.read(latest).pipe(Effect.result)
          if (events._tag === "Success") {
            sessionId = latest
            history = rebuildConversation(events.success)
            restored = true
          }
        }
      }

      // Hooks run with the final id, before the agent exists; their error blocks are held by the caller (5.6a).
      for (const hookFailure of yield* runHooks(settings, "SessionStart", { session_id: sessionId }, request.cwd)) {
        self.emit({ type: "error", message: hookFailure.message, source: "hook", recoverable: true })
      }

      const persist = (message: ChatMessage) =>
        request.sessions.append(sessionId, [{ type: "wave.message", payload: { message } }])

      const desktop = (): Array<Tool> =>
        request.desktop === undefined ? [] : desktopTools(request.desktop, {
          headed: request.headed,
          session: sessionId,
          autoRecover: request.autoRecover
        })
      const allow = { allowed: request.allowedTools, disallowed: request.disallowedTools }
      const subTools = guarded(filterTools([...desktop(), bashTool(request.cwd)], allow))
      const makeSub = (options: { prompt: string; subagentType: string; emit: EmitEvent }) =>
        withProvider(Agent.make({
          sessionId,
          model,
          systemPrompt: subagentSystemPrompt(options.subagentType),
          tools: () => subTools,
          emit: options.emit,
          source: "subagent",
          maxTurns: 50
        }))

      let prompts = 0
      const extractMemory = (agent: Agent): Effect.Effect<void> =>
        agent.startBackground(
          { type: "memory", description: "auto-memory extraction", notify: false },
          Effect.gen(function*() {
            const transcript = (yield* agent.snapshot).messages
              .filter((m) => m.role === "user" || m.role === "assistant")
              .map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : ""}`)
              .join("\n")
            const sub = yield* withProvider(Agent.make({
              sessionId,
              model,
              systemPrompt: MEMORY_EXTRACTION_PROMPT,
              tools: () => [],
              emit: (event) => {
                if (event.type === "usage") self.emit({ ...event, source: "memory" })
              },
              source: "memory",
              maxTurns: 1
            }))
            const answer = yield* sub.runToCompletion(transcript).pipe(Effect.ensuring(sub.destroy()))
            const refused = yield* Effect.sync(() => appendMemory(waveHome, answer))
            if (refused !== undefined) self.emit({ type: "error", message: `memory not saved: ${refused}`, source: "internal", recoverable: true })
            return answer
          })
        ).pipe(Effect.asVoid)

      const toolNames: Array<string> = []
      const agent: Agent = yield* Agent.make({
        sessionId,
        model,
        systemPrompt: (tools) => mainSystemPrompt({ cwd: request.cwd, memory: readMemory(waveHome), tools }),
        tools: (host) => {
          const tools = guarded(filterTools([...desktop(), bashTool(request.cwd), agentTool(host, makeSub, self.emit)], allow))
          toolNames.push(...tools.map((tool) => tool.name))
          return tools
        },
        emit: self.emit,
        source: "main",
        maxTurns: request.maxTurns,
        history,
        onMessage: persist,
        onBatchEnd: (batch): Effect.Effect<void> => {
          const hadPrompt = batch.some((text) => !text.startsWith("<task-notification>"))
          if (!hadPrompt || !settings.autoMemoryEnabled) return Effect.void
          prompts++
          return prompts % settings.autoMemoryFrequency === 0 ? extractMemory(agent) : Effect.void
        }
      })
      self.agent = agent
      self.created = {
        sessionId,
        model,
        cwd: request.cwd,
        permissionMode: gate.mode,
        tools: toolNames,
        restored
      }
      self.onCreated(self.created)
      // After init: opening the store must not delay the first line (start-up budget).
      if (!restored) {
        yield* request.sessions.append(sessionId, [{
          type: "wave.session_started",
          payload: { session_id: sessionId, model, cwd: request.cwd }
        }])
      }

      yield* Effect.gen(function*() {
        if (request.prompt !== undefined) {
          for (const hookFailure of yield* runHooks(settings, "UserPromptSubmit", {
            session_id: sessionId,
            prompt: request.prompt
          }, request.cwd)) {
            self.emit({ type: "error", message: hookFailure.message, source: "hook", recoverable: true })
          }
          yield* agent.enqueue(request.prompt)
        }
        const waited = yield* awaitSettled(agent.settleState, {
          maxWaitMs: request.maxWaitMs,
          heartbeatMs: request.heartbeatMs ?? 5_000,
          onHeartbeat: (pending) => self.emit({ type: "waiting", pending })
        })
        if (!waited.settled) {
          const pending = (yield* agent.settleState).pending
          yield* agent.killAll()
          const stillLoading = (yield* agent.snapshot).loading
          self.incompleteTasks = pending
          self.emit({
            type: "error",
            message: `Background wait ceiling of ${request.maxWaitMs} ms reached; stopped ${pending.length} task(s)` +
              (stillLoading ? " and the unfinished turn" : ""),
            source: "internal",
            recoverable: true
          })
        }
      }).pipe(Effect.ensuring(Effect.gen(function*() {
        self.ended = yield* agent.snapshot
        yield* agent.destroy()
      })))
      yield* request.sessions.append(sessionId, [{
        type: "wave.run_ended",
        payload: { turns: (yield* agent.snapshot).turns, usage: { ...self.ledger.totals }, subtype: "completed" }
      }])
    })
  }
}
