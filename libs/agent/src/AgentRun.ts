// One print-mode run: create the agent (config, session restore, SessionStart hooks), send the prompt, wait for
// background work and the wrap-up turn (story 4), tear down. AgentRun.run answers a RunOutcome however the run ends
// (stopped by `request.stop`, the ceiling, a failure), so the caller can always write a result.
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Fiber, Layer, MutableRef, Ref } from "effect"
import { ModelConfig, ModelConfigError, resolveModelSettings } from "./config/ModelConfig.js"
import { defaultSettings, loadProjectSettings } from "./config/WaveSettings.js"
import { runHooks } from "./hooks/runHooks.js"
import { projectTrusted } from "./hooks/projectTrust.js"
import { Agent } from "./loop/Agent.js"
import { accountingOnly, type EmitEvent } from "./loop/AgentEvent.js"
import { newSessionId } from "./loop/ids.js"
import { mainSystemPrompt, subagentSystemPrompt } from "./loop/prompts.js"
import { awaitSettled } from "./loop/settle.js"
import { MEMORY_EXTRACTION_PROMPT, readMemory } from "./memory/autoMemory.js"
import { extractMemory, hadPrompt, memoryDue } from "./memory/memoryExtraction.js"
import { PermissionGate, type PermissionMode } from "./permissions/PermissionGate.js"
import type { ChatMessage } from "./provider/ChatTypes.js"
import { ModelProvider } from "./provider/ModelProvider.js"
import {
  agentEnded,
  type CreatedInfo,
  initialOutcome,
  internalError,
  runCreated,
  runFailed,
  type RunOutcome,
  tasksIncomplete
} from "./RunOutcome.js"
import { type Resume, resumeSession } from "./session/resumeSession.js"
import type { SessionStore } from "./session/SessionStore.js"
import { agentTool } from "./tools/AgentTool.js"
import { bashTool } from "./tools/BashTool.js"
import { desktopTools, type DesktopToolRunner } from "./tools/DesktopTools.js"
import type { Tool } from "./tools/Tool.js"
import { filterTools } from "./tools/ToolFilter.js"
import { type McpServerConfig, mergeServers } from "./mcp/McpConfig.js"
import { connectMcpServers, mcpTimeouts, type McpServers, noMcpServers } from "./mcp/McpServers.js"
import { loadProjectMcp } from "./mcp/projectMcp.js"
import { emptyUsageLedger, recordUsage, type UsageLedger } from "./usage/usageLedger.js"

export interface RunRequest {
  readonly prompt: string | undefined
  /**
   * Further prompts (`--input-format stream-json`): asked for once the agent has settled after the previous one, so
   * each is a turn of its own; undefined ends the run.
   */
  readonly nextPrompt?: Effect.Effect<string | undefined> | undefined
  /** With `nextPrompt`: called each time the agent settled after a prompt, before the next one is asked for. */
  readonly onSettled?: (() => void) | undefined
  /** `--system-prompt`: replaces wave's own main system prompt. */
  readonly systemPrompt?: string | undefined
  /** `--append-system-prompt`: added at the end of the main system prompt. */
  readonly appendSystemPrompt?: string | undefined
  /** `--verbose`: one line about what happens below the events (a failed model attempt that is retried, …). */
  readonly diagnostic?: ((line: string) => void) | undefined
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly model?: string | undefined
  readonly resume?: Resume
  readonly maxTurns?: number | undefined
  readonly maxWaitMs: number
  readonly heartbeatMs?: number | undefined
  /** Permission rules that pre-approve calls (`--allowed-tools`); they never cut the tool list. */
  readonly allowedTools?: ReadonlyArray<string> | undefined
  /** Rules that deny (`--disallowed-tools`); an entry naming a whole tool also removes it from the list. */
  readonly disallowedTools?: ReadonlyArray<string> | undefined
  /** The built-in tools offered (`--tools`); undefined offers all, [] none. */
  readonly tools?: ReadonlyArray<string> | undefined
  readonly headed: boolean
  readonly autoRecover: boolean
  /** `--permission-mode` (permissions/PermissionGate.ts); "default" when absent. */
  readonly permissionMode?: PermissionMode | undefined
  /**
   * `--trust-project`: the project directory's `.wave/settings.json` may run hooks and turn on auto-memory. Without it
   * (or the directory in WAVE_TRUSTED_PROJECTS) the file is not used and an error block says so: a checked-out
   * repository must not run commands or write into the user's memory.
   */
  readonly trustProject?: boolean | undefined
  /** `--mcp-config` servers (parsed by the caller: a bad config is an argument error before anything starts). */
  readonly mcpServers?: ReadonlyArray<McpServerConfig> | undefined
  /**
   * `--bare` (as Claude Code's): nothing is discovered — no project settings (hooks, auto-memory), no project
   * `.mcp.json`, no memory from earlier sessions — so every machine runs the same; flags still apply.
   */
  readonly bare?: boolean | undefined
  /** `--strict-mcp-config`: only `mcpServers`; the project's `.mcp.json` is not even read. */
  readonly strictMcpConfig?: boolean | undefined
  /** The engine seam; without it no desktop tools are offered. */
  readonly desktop?: DesktopToolRunner | undefined
  readonly sessions: SessionStore
  readonly emit: EmitEvent
  /** The id for a new session, when the caller already announced one (start-up fast path). */
  readonly sessionId?: string | undefined
  /** Called once the agent exists, before the prompt is sent (the init message). */
  readonly onCreated?: ((info: CreatedInfo) => void) | undefined
  /** When this completes (a signal), the run is interrupted, torn down, and answers what it knew by then. */
  readonly stop?: Effect.Effect<void> | undefined
}

/**
 * Runs the request to its end, or until `request.stop` completes; never fails: a creation failure, a stop and an
 * internal error are all part of the outcome.
 */
const run = (request: RunRequest): Effect.Effect<RunOutcome> =>
  Effect.gen(function*() {
    const outcome = yield* Ref.make(initialOutcome)
    const fiber = yield* Effect.forkChild(execute(request, outcome))
    yield* Effect.raceFirst(Fiber.await(fiber), request.stop ?? Effect.never)
    // After a stop: interrupt the run and wait for its teardown (a no-op when it already ended).
    yield* Fiber.interrupt(fiber)
    const exit = yield* Fiber.await(fiber)
    const internal = exit._tag === "Failure" ? internalError(exit.cause) : undefined
    if (internal !== undefined) yield* Ref.update(outcome, runFailed(internal))
    return yield* Ref.get(outcome)
  })

export const AgentRun = { run } as const

const execute = (request: RunRequest, outcome: Ref.Ref<RunOutcome>): Effect.Effect<void> =>
  Effect.gen(function*() {
    // Events arrive through a synchronous callback: the ledger is a MutableRef, updated in place of a runtime per event.
    const ledger = MutableRef.make(emptyUsageLedger)
    const emit: EmitEvent = (event) => {
      if (event.type === "usage") MutableRef.update(ledger, (usage) => recordUsage(usage, event))
      request.emit(event)
    }
    const settings = resolveModelSettings(request.env, { model: request.model })
    if (settings instanceof ModelConfigError) {
      emit({ type: "error", message: settings.message, source: "create", recoverable: false })
      return yield* Ref.update(outcome, runFailed(settings.message))
    }
    const provider = yield* Effect.provide(
      Effect.gen(function*() {
        return yield* ModelProvider
      }),
      ModelProvider.layer.pipe(Layer.provide(ModelConfig.layer(settings)))
    )
    yield* runAgent(request, outcome, emit, ledger, settings.model).pipe(Effect.provideService(ModelProvider, provider))
  })

const runAgent = (
  request: RunRequest,
  outcome: Ref.Ref<RunOutcome>,
  emit: EmitEvent,
  ledger: MutableRef.MutableRef<UsageLedger>,
  model: string
): Effect.Effect<void, never, ModelProvider> =>
  Effect.gen(function*() {
    const provider = yield* ModelProvider
    const withProvider = <A, E>(effect: Effect.Effect<A, E, ModelProvider>) =>
      Effect.provideService(effect, ModelProvider, provider)
    const waveHome = request.env["WAVE_HOME"] ?? path.join(request.env["HOME"] ?? os.homedir(), ".wave")
    const trusted = request.trustProject === true || projectTrusted(request.cwd, request.env)
    const project = request.bare === true ? { settings: defaultSettings, notices: [] } : loadProjectSettings(request.cwd, request.env, trusted)
    for (const notice of project.notices) emit({ type: "error", message: notice, source: "hook", recoverable: true })
    const settings = project.settings
    const gate = new PermissionGate(request.permissionMode ?? "default", {
      allowed: request.allowedTools,
      disallowed: request.disallowedTools
    })
    const guarded = (tools: ReadonlyArray<Tool>) =>
      gate.guard(tools, (denial, reason) => emit({ type: "permission_denied", denial, reason }))

    // Session: new, restored (-r) or the latest (-c).
    const resumed = yield* resumeSession(request.sessions, request.resume, request.sessionId ?? newSessionId()).pipe(
      Effect.result
    )
    if (resumed._tag === "Failure") {
      // The reference adds an error block before create throws; consumers see it before the result (5.6b).
      emit({ type: "error", message: resumed.failure.message, source: "create", recoverable: false })
      return yield* Ref.update(outcome, runFailed(resumed.failure.message))
    }
    const { history, restored, sessionId } = resumed.success

    // Hooks run with the final id, before the agent exists; their error blocks are held by the caller (5.6a).
    for (const hookFailure of yield* runHooks(settings, "SessionStart", { session_id: sessionId }, request.cwd)) {
      emit({ type: "error", message: hookFailure.message, source: "hook", recoverable: true })
    }

    // MCP servers: the project's `.mcp.json` (trusted projects only, not with --strict-mcp-config), then --mcp-config.
    const projectMcp = request.strictMcpConfig === true || request.bare === true
      ? { servers: [], notices: [] }
      : loadProjectMcp(request.cwd, request.env, trusted)
    for (const notice of projectMcp.notices) emit({ type: "error", message: notice, source: "create", recoverable: true })
    const servers = mergeServers(projectMcp.servers, request.mcpServers ?? [])
    const mcp = servers.length === 0 ? noMcpServers : yield* Effect.tryPromise({
      try: (signal) =>
        connectMcpServers(servers, {
          cwd: request.cwd,
          env: request.env,
          signal,
          ...mcpTimeouts(request.env),
          diagnostic: request.diagnostic
        }),
      catch: (error) => error as Error
    }).pipe(Effect.catch((error) =>
      Effect.succeed<McpServers>({
        ...noMcpServers,
        statuses: servers.map((server) => ({ name: server.name, status: "failed" as const, error: error.message }))
      })
    ))
    for (const status of mcp.statuses) {
      if (status.status !== "failed") continue
      emit({
        type: "error",
        message: `MCP server "${status.name}" failed to start: ${status.error ?? "unknown error"}`,
        source: "create",
        recoverable: true
      })
    }

    // Everything from here on runs with the MCP connections open; they close however it ends.
    yield* Effect.gen(function*() {
      const persist = (message: ChatMessage) =>
        request.sessions.append(sessionId, [{ type: "wave.message", payload: { message } }])

      const desktop = (): Array<Tool> =>
        request.desktop === undefined ? [] : desktopTools(request.desktop, {
          headed: request.headed,
          session: sessionId,
          autoRecover: request.autoRecover
        })
      const selection = { tools: request.tools, disallowed: request.disallowedTools }
      // MCP tools come last, for the main agent and its sub-agents alike (as in Claude Code).
      const mcpTools = mcp.tools
      const subTools = guarded(filterTools([...desktop(), bashTool(request.cwd), ...mcpTools], selection))
      const makeSub = (options: { prompt: string; subagentType: string; emit: EmitEvent }) =>
        withProvider(Agent.make({
          sessionId,
          model,
          systemPrompt: subagentSystemPrompt(options.subagentType),
          tools: () => subTools,
          emit: options.emit,
          source: "subagent",
          maxTurns: 50,
          diagnostic: request.diagnostic
        }))

      const extractor = withProvider(Agent.make({
        sessionId,
        model,
        systemPrompt: MEMORY_EXTRACTION_PROMPT,
        tools: () => [],
        emit: accountingOnly(emit, "memory"),
        source: "memory",
        maxTurns: 1
      }))
      const promptBatches = yield* Ref.make(0)

      const agent: Agent = yield* Agent.make({
        sessionId,
        model,
        systemPrompt: (tools) =>
          mainSystemPrompt({
            cwd: request.cwd,
            memory: request.bare === true ? "" : readMemory(waveHome),
            tools,
            replace: request.systemPrompt,
            append: request.appendSystemPrompt
          }),
        tools: (host) => guarded(filterTools([...desktop(), bashTool(request.cwd), agentTool(host, makeSub, emit), ...mcpTools], selection)),
        emit,
        source: "main",
        maxTurns: request.maxTurns,
        diagnostic: request.diagnostic,
        history,
        onMessage: persist,
        onBatchEnd: (batch): Effect.Effect<void> =>
          hadPrompt(batch) && settings.autoMemoryEnabled
            ? Ref.updateAndGet(promptBatches, (count) => count + 1).pipe(Effect.flatMap((count) =>
              memoryDue(count, settings.autoMemoryFrequency) ? extractMemory(agent, extractor, waveHome, emit) : Effect.void
            ))
            : Effect.void
      })
      const created: CreatedInfo = {
        sessionId,
        model,
        cwd: request.cwd,
        permissionMode: gate.mode,
        tools: agent.toolNames,
        restored,
        mcpServers: mcp.statuses.map(({ name, status }) => ({ name, status }))
      }
      yield* Ref.update(outcome, runCreated(created))
      request.onCreated?.(created)
      // After init: opening the store must not delay the first line (start-up budget).
      if (!restored) {
        yield* request.sessions.append(sessionId, [{
          type: "wave.session_started",
          payload: { session_id: sessionId, model, cwd: request.cwd }
        }])
      }

      yield* Effect.gen(function*() {
        // One prompt at a time: the next one is asked for only once the agent settled after the previous one.
        let prompt = request.prompt
        let first = true
        while (true) {
          if (!first) {
            if (request.nextPrompt === undefined) break
            // Only after a prompt was handled: a run that starts with none asks stdin before saying anything.
            if (prompt !== undefined) request.onSettled?.()
            prompt = yield* request.nextPrompt
            if (prompt === undefined) break
          }
          first = false
          if (prompt !== undefined) {
            for (const hookFailure of yield* runHooks(settings, "UserPromptSubmit", {
              session_id: sessionId,
              prompt
            }, request.cwd)) {
              emit({ type: "error", message: hookFailure.message, source: "hook", recoverable: true })
            }
            yield* agent.enqueue(prompt)
          }
          const waited = yield* awaitSettled(agent.settleState, {
            maxWaitMs: request.maxWaitMs,
            heartbeatMs: request.heartbeatMs ?? 5_000,
            onHeartbeat: (pending) => emit({ type: "waiting", pending })
          })
          if (!waited.settled) {
            const pending = (yield* agent.settleState).pending
            yield* agent.killAll()
            const stillLoading = (yield* agent.snapshot).loading
            yield* Ref.update(outcome, tasksIncomplete(pending))
            emit({
              type: "error",
              message: `Background wait ceiling of ${request.maxWaitMs} ms reached; stopped ${pending.length} task(s)` +
                (stillLoading ? " and the unfinished turn" : ""),
              source: "internal",
              recoverable: true
            })
            // A killed agent takes no further prompt.
            break
          }
        }
      }).pipe(Effect.ensuring(Effect.gen(function*() {
        yield* Ref.update(outcome, agentEnded(yield* agent.snapshot))
        yield* agent.destroy()
      })))
      yield* request.sessions.append(sessionId, [{
        type: "wave.run_ended",
        payload: { turns: (yield* agent.snapshot).turns, usage: MutableRef.get(ledger).totals, subtype: "completed" }
      }])
    }).pipe(Effect.ensuring(Effect.promise(() => mcp.close())))
  })
