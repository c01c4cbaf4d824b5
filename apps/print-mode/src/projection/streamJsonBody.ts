// What each agent event becomes on a stream-json line, before seq and session_id are added (streamJsonLine.ts);
// undefined for events only the result shows.
import type { AgentEvent } from "@agent-desktop/agent"

export type Body = Readonly<Record<string, unknown>>

export const bodyOf = (event: AgentEvent): Body | undefined => {
  switch (event.type) {
    case "reasoning_delta":
      return { type: "assistant", subtype: "reasoning_delta", message_id: event.message_id, delta: event.delta }
    case "content_delta":
      return { type: "assistant", subtype: "content_delta", message_id: event.message_id, delta: event.delta }
    case "message_discard":
      return { type: "assistant", subtype: "discard", message_id: event.message_id }
    case "message_end":
      return { type: "assistant", subtype: "message_end", message_id: event.message_id, tool_calls: event.tool_calls }
    case "tool_start":
      return { type: "tool", subtype: "start", id: event.id, name: event.name, input: event.input }
    case "tool_end":
      return {
        type: "tool",
        subtype: "end",
        id: event.id,
        name: event.name,
        success: event.success,
        ...(event.error === undefined ? {} : { error: event.error })
      }
    case "error":
      return {
        type: "error",
        message: event.message,
        source: event.source,
        recoverable: event.recoverable,
        ...(event.http_status === undefined ? {} : { http_status: event.http_status })
      }
    case "waiting":
      return { type: "system", subtype: "waiting", pending: event.pending }
    case "usage":
    case "model_call":
    case "permission_denied":
      // Folded into the result (usage, permission_denials); a denial's tool/end already carries its reason.
      return undefined
  }
}
