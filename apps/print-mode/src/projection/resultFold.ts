// The json projection: a fold over the same agent events stream-json prints, finished with what only the end of
// the run knows (a thrown failure, a signal, tasks killed at the ceiling). Seed rules: a recoverable error keeps
// `success`; errors with no main content at all, a throw, or a signal give `error_during_execution` without a
// `result` key; --max-turns gives `error_max_turns` (D8).
import { type AgentEvent, type PermissionDenial, UsageLedger } from "@agent-desktop/agent"
import type { PendingTask, ResultEvent, ToolCallEntry, Usage } from "./waveTypes.js"

export interface ResultEnding {
  readonly sessionId: string | undefined
  readonly durationMs: number
  /** The run itself failed (creation or sending threw). */
  readonly thrown: string | undefined
  readonly signal: "SIGINT" | "SIGTERM" | undefined
  readonly maxTurnsHit: boolean
  readonly incompleteTasks: ReadonlyArray<PendingTask>
  readonly seq: number
}

export class ResultFold {
  private turns = 0
  private lastText = ""
  private producedContent = false
  private readonly texts = new Map<string, string>()
  private readonly errors: Array<string> = []
  private readonly toolCalls = new Map<string, { -readonly [K in keyof ToolCallEntry]: ToolCallEntry[K] }>()
  /** The same arithmetic the agent's own ledger uses, fed from the `usage` events stream-json prints. */
  private readonly usage = new UsageLedger()
  private readonly denials: Array<PermissionDenial> = []

  push(event: AgentEvent): void {
    switch (event.type) {
      case "content_delta":
        this.texts.set(event.message_id, (this.texts.get(event.message_id) ?? "") + event.delta)
        break
      case "message_discard":
        this.texts.delete(event.message_id)
        break
      case "message_end":
        this.turns++
        this.lastText = this.texts.get(event.message_id) ?? ""
        this.texts.delete(event.message_id)
        if (this.lastText.length > 0) this.producedContent = true
        break
      case "tool_start":
        // D10: one entry per id, whatever the loop reports twice.
        if (!this.toolCalls.has(event.id)) {
          this.toolCalls.set(event.id, { id: event.id, name: event.name, input: event.input, success: false })
        }
        break
      case "tool_end": {
        const call = this.toolCalls.get(event.id) ??
          { id: event.id, name: event.name, input: {}, success: false }
        call.success = event.success
        if (event.error !== undefined) call.error = event.error
        else delete call.error
        this.toolCalls.set(event.id, call)
        break
      }
      case "error":
        this.errors.push(event.message)
        break
      case "usage":
        this.usage.record(event.model, event.source, event.usage)
        break
      case "permission_denied":
        this.denials.push(event.denial)
        break
      default:
        break
    }
  }

  get usageTotals(): Usage {
    return this.usage.totals
  }

  /** Whether the run failed by the seed's rules (ignoring throws and signals, which the caller knows). */
  get failedWithoutContent(): boolean {
    return this.errors.length > 0 && !this.producedContent
  }

  finish(ending: ResultEnding): ResultEvent {
    const common = {
      type: "result" as const,
      subtype: "success" as const,
      is_error: false as const,
      seq: ending.seq,
      ...(ending.sessionId === undefined ? {} : { session_id: ending.sessionId }),
      num_turns: this.turns,
      duration_ms: Math.max(0, Math.round(ending.durationMs)),
      usage: { ...this.usage.totals },
      model_usage: { ...this.usage.byModel },
      tool_calls: [...this.toolCalls.values()],
      ...(ending.incompleteTasks.length > 0 ? { incomplete_tasks: [...ending.incompleteTasks] } : {}),
      ...(this.denials.length > 0 ? { permission_denials: [...this.denials] } : {})
    }
    const errors = [...this.errors]
    if (ending.signal !== undefined) errors.push(`Interrupted by ${ending.signal}`)
    if (ending.thrown !== undefined && !errors.includes(ending.thrown)) errors.push(ending.thrown)
    if (ending.thrown !== undefined || ending.signal !== undefined || this.failedWithoutContent) {
      return { ...common, subtype: "error_during_execution", is_error: true, errors }
    }
    if (ending.maxTurnsHit) {
      return {
        ...common,
        subtype: "error_max_turns",
        is_error: true,
        result: this.lastText,
        errors: [...errors, "Reached the maximum number of turns"]
      }
    }
    return {
      ...common,
      subtype: "success",
      is_error: false,
      result: this.lastText,
      ...(errors.length > 0 ? { errors } : {})
    }
  }
}
