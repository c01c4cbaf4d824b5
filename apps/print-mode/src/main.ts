// wave -p: argv -> one agent run -> text | json | stream-json. All three formats project the same agent events;
// stdout is written only through OutputWriter, flushed before the exit code is returned.
import {
  AgentRun,
  type AgentEvent,
  type CreatedInfo,
  isPricingProblem,
  maxTurnsHit,
  type McpServerConfig,
  mergeServers,
  parseMcpConfig,
  parsePricing,
  parseToolList,
  type Pricing
} from "@agent-desktop/agent"
import * as fs from "node:fs"
import * as path from "node:path"
import { Deferred, Effect, Exit, MutableRef } from "effect"
import { HELP } from "./cli/help.js"
import { needsPrompt, parseArgs, type WaveArgs } from "./cli/parseArgs.js"
import { verboseStep, emptyVerbose } from "./output/verboseLog.js"
import { readPromptFile } from "./prompt/promptFiles.js"
import { combinePrompt, DEFAULT_STDIN_TIMEOUT_MS, readStdinText } from "./prompt/readStdin.js"
import { stdinMessages } from "./prompt/streamJsonInput.js"
import { lazyDesktopRunner } from "./desktop/lazyDesktopRunner.js"
import { measureStreaming } from "./output/measureStreaming.js"
import { OutputWriter } from "./output/OutputWriter.js"
import { installStdoutGuard } from "./output/stdoutGuard.js"
import { renderResult } from "./projection/renderResult.js"
import { emptyResult, resultStep } from "./projection/resultState.js"
import { statsText } from "./projection/stats.js"
import { emptyStream, streamCreated, streamFinish, type StreamState, type StreamStep, streamStep } from "./projection/streamJsonState.js"
import { emptyText, textEnd, textStep } from "./projection/textState.js"
import type { ResultEvent } from "./projection/waveTypes.js"
import { storeSessions } from "./sessions/storeSessions.js"

export const VERSION = "0.1.0"
const SCHEMA_VERSION = 1 as const

type Signal = "SIGINT" | "SIGTERM"
const SIGNAL_EXIT: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143 }

export interface MainIo {
  readonly argv: ReadonlyArray<string>
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
}

const stderr = (text: string) => process.stderr.write(text)

/** An argument error after -p and a structured format were recognised still ends with one result (D4, D2 shape). */
const argumentErrorResult = (message: string, startedAt: number): ResultEvent => ({
  type: "result",
  subtype: "error_during_execution",
  is_error: true,
  seq: 1,
  num_turns: 0,
  duration_ms: Date.now() - startedAt,
  duration_api_ms: 0,
  usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, input_tokens: 0, output_tokens: 0 },
  model_usage: {},
  tool_calls: [],
  errors: [message]
})

/** One step of a fold answering its next state and its output: the state stays in the cell, the output is returned. */
const advance = <S, O>(cell: MutableRef.MutableRef<S>, step: (state: S) => readonly [S, O]): O => {
  const [next, output] = step(MutableRef.get(cell))
  MutableRef.set(cell, next)
  return output
}

/** An argument error: the message on stderr, and one error result on stdout once a structured format is known (D4). */
const argumentError = async (message: string, structured: string | undefined, startedAt: number): Promise<number> => {
  stderr(`wave: ${message}\n`)
  if (structured !== undefined) {
    const writer = new OutputWriter()
    installStdoutGuard()
    writer.out(`${JSON.stringify(argumentErrorResult(message, startedAt))}\n`)
    await writer.flush()
  }
  return 1
}

export const main = async (io: MainIo, startedAt = Date.now()): Promise<number> => {
  const parsed = parseArgs(io.argv)
  if (parsed.kind === "error") return argumentError(parsed.message, parsed.structured, startedAt)
  const args = parsed.args
  const structured = args.print && args.outputFormat !== "text" ? args.outputFormat : undefined
  if (args.help || args.version) {
    const writer = new OutputWriter()
    writer.out(args.help ? HELP : `wave ${VERSION}\n`)
    await writer.flush()
    return 0
  }
  if (!args.print) {
    stderr("wave: interactive mode is not available; run a task with -p '<message>' (see --help)\n")
    return 1
  }
  const inputs = await resolveInputs(args, io)
  if ("error" in inputs) return argumentError(inputs.error, structured, startedAt)
  return runPrint(args, io, startedAt, undefined, inputs)
}

/** What a run takes besides its flags: the prompt (argument and stdin) and the system prompt texts. */
export interface RunInputs {
  readonly prompt: string | undefined
  /** WAVE_MODEL_PRICING, read up front so a bad value is an argument error. */
  readonly pricing: Pricing
  /** `--mcp-config` servers, parsed up front for the same reason. */
  readonly mcpServers: ReadonlyArray<McpServerConfig>
  readonly systemPrompt: string | undefined
  readonly appendSystemPrompt: string | undefined
}

/** Reads stdin (text input) and the prompt files; an empty prompt after all that is X7's argument error. */
export const resolveInputs = async (args: WaveArgs, io: MainIo): Promise<RunInputs | { error: string }> => {
  const files: Record<"systemPrompt" | "appendSystemPrompt", string | undefined> = {
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt
  }
  for (const [key, file, flag] of [
    ["systemPrompt", args.systemPromptFile, "--system-prompt-file"],
    ["appendSystemPrompt", args.appendSystemPromptFile, "--append-system-prompt-file"]
  ] as const) {
    if (file === undefined) continue
    const read = readPromptFile(file, io.cwd, flag)
    if ("error" in read) return read
    files[key] = read.text
  }
  const pricing = parsePricing(io.env["WAVE_MODEL_PRICING"])
  if (isPricingProblem(pricing)) return { error: pricing.problem }
  const mcpServers = readMcpConfigs(args.mcpConfigs, io)
  if ("error" in mcpServers) return mcpServers
  const timeoutMs = Number(io.env["WAVE_STDIN_TIMEOUT_MS"] ?? DEFAULT_STDIN_TIMEOUT_MS) || DEFAULT_STDIN_TIMEOUT_MS
  const piped = args.inputFormat === "text" ? await readStdinText(timeoutMs, stderr) : undefined
  const prompt = combinePrompt(args.message, piped)
  if (prompt === undefined && needsPrompt(args)) return { error: "Print mode requires a message" }
  return { prompt, pricing, mcpServers: mcpServers.servers, ...files }
}

/** `--mcp-config` values, each a file (relative to the working directory) or a JSON object, as Claude Code takes them. */
const readMcpConfigs = (values: ReadonlyArray<string>, io: MainIo): { servers: ReadonlyArray<McpServerConfig> } | { error: string } => {
  const lists: Array<ReadonlyArray<McpServerConfig>> = []
  for (const value of values) {
    const inline = value.trimStart().startsWith("{")
    let text = value
    if (!inline) {
      try {
        text = fs.readFileSync(path.resolve(io.cwd, value), "utf8")
      } catch (error) {
        return { error: `--mcp-config ${value}: ${(error as Error).message}` }
      }
    }
    const parsed = parseMcpConfig(text, inline ? "--mcp-config (JSON)" : `--mcp-config ${value}`, io.env)
    if ("problem" in parsed) return { error: parsed.problem }
    lists.push(parsed.servers)
  }
  return { servers: mergeServers(...lists) }
}

/** What the start-up fast path already did: the writer and guard exist and system/init is written. */
export interface EarlyStart {
  readonly writer: OutputWriter
  /** The stream-json fold after system/init. */
  readonly stream: StreamState
  readonly init: CreatedInfo
}

export const runPrint = async (
  args: WaveArgs,
  io: MainIo,
  startedAt: number,
  early: EarlyStart | undefined,
  inputs: RunInputs
): Promise<number> => {
  const structured = args.outputFormat !== "text"
  const writer = early?.writer ?? new OutputWriter()
  if (structured && early === undefined) installStdoutGuard()
  // The folds of the agent events (json, stream-json, text), held here. stream-json's seq numbers the json result
  // too, so its fold runs in every format; its lines are written only in stream-json.
  const folded = MutableRef.make(emptyResult)
  const stream = MutableRef.make(early?.stream ?? emptyStream)
  const writeLines = (lines: ReadonlyArray<string>) => {
    if (args.outputFormat === "stream-json") for (const line of lines) writer.out(line)
  }
  const streamed = (step: (state: StreamState) => StreamStep) => writeLines(advance(stream, step))
  const text = args.outputFormat === "text" ? MutableRef.make(emptyText) : undefined
  const verbose = args.verbose ? MutableRef.make(emptyVerbose) : undefined
  const project = (event: AgentEvent) => {
    MutableRef.update(folded, (state) => resultStep(state, event))
    streamed((state) => streamStep(state, event))
    if (text !== undefined) {
      const chunk = advance(text, (state) => textStep(state, event))
      if (chunk.length > 0) writer.out(chunk)
    }
    if (verbose !== undefined) {
      const line = advance(verbose, (state) => verboseStep(state, event))
      if (line.length > 0) stderr(line)
    }
  }
  const emit = io.env["WAVE_REPORT_CPU"] === "1" ? measureStreaming(project) : project
  const sessions = storeSessions(io.env, (message) => emit({ type: "error", message, source: "internal", recoverable: true }))
  const desktop = io.env["WAVE_DISABLE_DESKTOP"] === "1" ? undefined : lazyDesktopRunner(io.env)
  // Completed by a signal or an uncaught exception: the run stops, tears down and still answers its outcome.
  const stop = Deferred.makeUnsafe<void>()
  const messages = args.inputFormat === "stream-json"
    ? stdinMessages((reason) => emit({ type: "error", message: reason, source: "args", recoverable: true }))
    : undefined
  const run = AgentRun.run({
    prompt: inputs.prompt,
    nextPrompt: messages === undefined ? undefined : Effect.promise(messages.next),
    // A client that sends one message at a time waits for a result before the next: when nothing is waiting on stdin,
    // stream-json gets the run's result so far (the last line is still the final result, after stdin ended).
    onSettled: messages === undefined || args.outputFormat !== "stream-json" ? undefined : () => {
      if (!messages.idle()) return
      const folds = MutableRef.get(folded)
      const current = MutableRef.get(stream)
      const turnResult = streamFinish(current, (seq) =>
        renderResult(folds, {
          sessionId: current.sessionId,
          durationMs: Date.now() - startedAt,
          thrown: undefined,
          signal: undefined,
          maxTurnsHit: false,
          incompleteTasks: [],
          seq,
          pricing: inputs.pricing
        }))
      MutableRef.set(stream, turnResult.state)
      writeLines(turnResult.lines)
    },
    systemPrompt: inputs.systemPrompt,
    mcpServers: inputs.mcpServers,
    strictMcpConfig: args.strictMcpConfig,
    bare: args.bare,
    appendSystemPrompt: inputs.appendSystemPrompt,
    diagnostic: args.verbose ? (line) => stderr(`[wave] ${line}\n`) : undefined,
    cwd: io.cwd,
    env: io.env,
    model: args.model,
    resume: args.restore !== undefined ? { kind: "restore", id: args.restore } : args.continue ? { kind: "continue" } : undefined,
    maxTurns: args.maxTurns,
    maxWaitMs: args.maxWaitMs,
    heartbeatMs: Number(io.env["WAVE_HEARTBEAT_MS"] ?? 5_000) || 5_000,
    allowedTools: parseToolList(args.allowedTools),
    disallowedTools: parseToolList(args.disallowedTools),
    tools: parseToolList(args.tools),
    headed: args.headed,
    autoRecover: args.autoRecover,
    permissionMode: args.permissionMode,
    trustProject: args.trustProject,
    desktop: desktop?.run,
    sessions,
    emit,
    sessionId: early?.init.sessionId,
    onCreated: (info) => {
      // On the fast path init is already out, built from the same settings, id and tool list.
      if (early === undefined) streamed((state) => streamCreated(state, info, SCHEMA_VERSION))
    },
    stop: Deferred.await(stop)
  })

  if (io.env["WAVE_TEST_STRAY_STDOUT"] === "1") {
    // Test seam for 5.9: a foreign write to stdout, as a chatty dependency would make.
    console.log("stray line from a dependency")
  }

  const outcomePromise = Effect.runPromise(run)
  let signal: Signal | undefined
  const onSignal = (name: Signal) => () => {
    if (signal !== undefined) process.exit(SIGNAL_EXIT[name])
    signal = name
    Deferred.doneUnsafe(stop, Exit.void)
  }
  const onInt = onSignal("SIGINT")
  const onTerm = onSignal("SIGTERM")
  process.on("SIGINT", onInt)
  process.on("SIGTERM", onTerm)
  // D4: an exception escaping some callback still ends the run with a result, never a bare stack trace.
  let crashed: string | undefined
  const onCrash = (error: unknown) => {
    crashed ??= `Uncaught exception: ${error instanceof Error ? error.message : String(error)}`
    Deferred.doneUnsafe(stop, Exit.void)
  }
  process.on("uncaughtException", onCrash)
  process.on("unhandledRejection", onCrash)
  const outcome = await outcomePromise
  const thrown = outcome.thrown ?? crashed
  const endedAt = Date.now()
  if (thrown !== undefined && !structured) stderr(`wave: ${thrown}\n`)
  const folds = MutableRef.get(folded)
  const { lines, result } = streamFinish(MutableRef.get(stream), (seq) =>
    renderResult(folds, {
      sessionId: outcome.created?.sessionId,
      durationMs: endedAt - startedAt,
      thrown,
      signal,
      maxTurnsHit: maxTurnsHit(outcome),
      incompleteTasks: outcome.incompleteTasks,
      seq,
      pricing: inputs.pricing
    })
  )
  writeLines(lines)
  if (args.outputFormat === "json") writer.out(`${JSON.stringify(result)}\n`)
  if (text !== undefined) writer.out(textEnd)
  if (args.showStats) {
    const summary = statsText(folds.usage.totals, startedAt, endedAt, result.total_cost_usd)
    if (structured) stderr(summary)
    else writer.out(summary)
  }
  await writer.flush()
  await Promise.race([desktop?.dispose(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())])
  try {
    sessions.close()
  } catch {
    // closing is best-effort: everything was written synchronously already
  }
  process.off("SIGINT", onInt)
  process.off("SIGTERM", onTerm)
  process.off("uncaughtException", onCrash)
  process.off("unhandledRejection", onCrash)
  if (signal !== undefined) return SIGNAL_EXIT[signal]
  if (writer.failure !== undefined) {
    // A caller must never read exit 0 with the result lost.
    stderr(`wave: could not write the result to stdout: ${writer.failure.message}\n`)
    return 1
  }
  return result.is_error ? 1 : 0
}
