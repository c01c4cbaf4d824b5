// The one stream of main-agent events that every output format projects (text, json, stream-json).
// Sub-agents never emit into it, except their token usage, which the run's accounting needs.
import type { PermissionDenial } from "../permissions/PermissionGate.js"
import type { TokenUsage } from "../provider/ChatTypes.js"

export type ErrorSource = "api" | "create" | "tool" | "hook" | "compaction" | "signal" | "args" | "internal"
export type UsageSource = "main" | "subagent" | "memory"

export interface PendingTaskInfo {
  readonly task_id: string
  readonly type: string
  readonly description: string
}

export type AgentEvent =
  | { readonly type: "reasoning_delta"; readonly message_id: string; readonly delta: string }
  | { readonly type: "content_delta"; readonly message_id: string; readonly delta: string }
  /** A half-streamed message was dropped because its request is retried (E6). */
  | { readonly type: "message_discard"; readonly message_id: string }
  /** A main assistant message is complete: counts as a turn; `content` is its full text. */
  | {
    readonly type: "message_end"
    readonly message_id: string
    readonly content: string
    readonly tool_calls: number
  }
  | {
    readonly type: "tool_start"
    readonly id: string
    readonly name: string
    /** Parsed arguments, or the raw text when they did not parse (E9). */
    readonly input: unknown
    readonly parsed: boolean
    readonly compact: string
  }
  | {
    readonly type: "tool_end"
    readonly id: string
    readonly name: string
    readonly success: boolean
    readonly error?: string
  }
  | {
    readonly type: "error"
    readonly message: string
    readonly source: ErrorSource
    readonly recoverable: boolean
    readonly http_status?: number
  }
  | { readonly type: "waiting"; readonly pending: ReadonlyArray<PendingTaskInfo> }
  | { readonly type: "usage"; readonly model: string; readonly source: UsageSource; readonly usage: TokenUsage }
  /** One model call ended (answered or failed, retries included): the time spent waiting for the API. */
  | { readonly type: "model_call"; readonly model: string; readonly source: UsageSource; readonly duration_ms: number }
  /** A tool call the permission gate refused (main agent or sub-agent); its tool result already told the model. */
  | { readonly type: "permission_denied"; readonly denial: PermissionDenial; readonly reason: string }

export type EmitEvent = (event: AgentEvent) => void

/**
 * What an agent that prints nothing (a sub-agent, the memory extraction) may still pass on: the accounting of its
 * model calls, marked with its source.
 */
export const accountingOnly = (emit: EmitEvent, source: UsageSource): EmitEvent => (event) => {
  if (event.type === "usage" || event.type === "model_call") emit({ ...event, source })
}
