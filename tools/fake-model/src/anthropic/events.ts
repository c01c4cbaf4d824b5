// Native Messages API stream events, for what has no OpenAI counterpart (an `error` event mid-stream, overloaded).
// A reply holding one of these is sent as written; any other reply to a Messages request is translated
// (translateReply.ts).
import type { SseItem } from "../Script.js"

/** One `event: <type>` + `data: <payload>` pair. */
export const anthropicEvent = (type: string, payload: Record<string, unknown>): Array<SseItem> => [
  { kind: "chunk", event: type, chunk: { type, ...payload } }
]

/** The `error` event the API sends mid-stream (e.g. overloaded_error). */
export const streamError = (type: string, message: string): Array<SseItem> =>
  anthropicEvent("error", { error: { type, message } })

export const messageStart = (options: { model?: string; input?: number; cacheRead?: number; cacheCreation?: number } = {}) =>
  anthropicEvent("message_start", {
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: options.model ?? "fake-model",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: options.input ?? 10,
        cache_creation_input_tokens: options.cacheCreation ?? 0,
        cache_read_input_tokens: options.cacheRead ?? 0,
        output_tokens: 1
      }
    }
  })

/** The error body the API answers with (`{"type":"error","error":{…}}`). */
export const errorBody = (type: string, message: string) => ({ type: "error", error: { type, message } })

/** The API's error type for an HTTP status. */
export const errorTypeOf = (status: number): string =>
  status === 400 ? "invalid_request_error"
    : status === 401 ? "authentication_error"
    : status === 403 ? "permission_error"
    : status === 404 ? "not_found_error"
    : status === 413 ? "request_too_large"
    : status === 429 ? "rate_limit_error"
    : status === 529 ? "overloaded_error"
    : "api_error"
