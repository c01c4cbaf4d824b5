// The stream of one model call as events: deltas carry the message id; a discarded attempt (retry, E6) voids its
// deltas and the retry streams under a fresh id.
import type { StreamHandlers } from "../provider/ChatTypes.js"
import type { EmitEvent } from "./AgentEvent.js"
import { newMessageId } from "./ids.js"

export const streamHandlers = (emit: EmitEvent): { readonly handlers: StreamHandlers; readonly messageId: () => string } => {
  let messageId = newMessageId()
  const handlers: StreamHandlers = {
    onReasoning: (delta) => emit({ type: "reasoning_delta", message_id: messageId, delta }),
    onContent: (delta) => emit({ type: "content_delta", message_id: messageId, delta }),
    onDiscard: () => {
      emit({ type: "message_discard", message_id: messageId })
      messageId = newMessageId()
    }
  }
  return { handlers, messageId: () => messageId }
}
