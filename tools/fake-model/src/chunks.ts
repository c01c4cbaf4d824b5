// Builders for OpenAI chat-completion stream chunks and for the other reply kinds.
import type { Reply, SseItem } from "./Script.js"

const CHUNK_ID = "chatcmpl-fake"

/** One `chat.completion.chunk` with the fixed envelope fields and the given payload. */
const streamChunk = (payload: Record<string, unknown>): SseItem => ({
  kind: "chunk",
  chunk: { id: CHUNK_ID, object: "chat.completion.chunk", created: 0, model: "fake-model", ...payload }
})

const choiceChunk = (delta: Record<string, unknown>, finishReason: string | null = null): SseItem =>
  streamChunk({ choices: [{ index: 0, delta, finish_reason: finishReason }] })

const split = (text: string, chunkSize: number): Array<string> => {
  const parts: Array<string> = []
  for (let i = 0; i < text.length; i += chunkSize) parts.push(text.slice(i, i + chunkSize))
  return parts
}

/** Content deltas; `chunkSize` characters each (default: the whole text in one chunk). */
export const text = (content: string, options: { chunkSize?: number } = {}): Array<SseItem> =>
  split(content, options.chunkSize ?? Math.max(1, content.length)).map((piece) => choiceChunk({ content: piece }))

/** `reasoning_content` deltas (DeepSeek/Qwen-style thinking). */
export const reasoning = (content: string, options: { chunkSize?: number } = {}): Array<SseItem> =>
  split(content, options.chunkSize ?? Math.max(1, content.length)).map((piece) =>
    choiceChunk({ reasoning_content: piece })
  )

/**
 * A tool call spread over `fragments` chunks: the first carries index, id, type and name; later ones only index and
 * pieces of the arguments, as real gateways send them.
 */
export const toolCall = (options: {
  id: string
  name: string
  args: unknown
  index?: number
  fragments?: number
}): Array<SseItem> => {
  const index = options.index ?? 0
  const args = typeof options.args === "string" ? options.args : JSON.stringify(options.args)
  const fragments = Math.max(1, options.fragments ?? 2)
  const size = Math.max(1, Math.ceil(args.length / fragments))
  const pieces = split(args, size)
  const items: Array<SseItem> = [
    choiceChunk({
      tool_calls: [{ index, id: options.id, type: "function", function: { name: options.name, arguments: "" } }]
    })
  ]
  for (const piece of pieces) items.push(choiceChunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
  return items
}

export const finish = (reason: "stop" | "tool_calls" | "length" | "content_filter"): Array<SseItem> => [
  choiceChunk({}, reason)
]

/** The usage chunk a server sends before `[DONE]` when `stream_options.include_usage` is set. */
export const usage = (options: {
  prompt: number
  completion: number
  cached?: number
  cacheCreation?: number
}): Array<SseItem> => {
  const details: Record<string, number> = {}
  if (options.cached !== undefined) details["cached_tokens"] = options.cached
  if (options.cacheCreation !== undefined) details["cache_creation_input_tokens"] = options.cacheCreation
  return [streamChunk({
    choices: [],
    usage: {
      prompt_tokens: options.prompt,
      completion_tokens: options.completion,
      total_tokens: options.prompt + options.completion,
      ...(Object.keys(details).length > 0 ? { prompt_tokens_details: details } : {})
    }
  })]
}

/** Malformed JSON data lines. */
export const garbage = (line = "{not json"): Array<SseItem> => [{ kind: "raw", line }]

/** A pause between two data lines. */
export const pause = (ms: number): Array<SseItem> => [{ kind: "pause", ms }]

export const sse = (
  items: ReadonlyArray<SseItem | ReadonlyArray<SseItem>>,
  options: { delayMs?: number; hangupAfter?: number; omitDone?: boolean } = {}
): Reply => ({ kind: "sse", items: items.flat() as Array<SseItem>, ...options })

/** The common case: a streamed text answer with a stop reason and usage. */
export const reply = (content: string, options: { chunkSize?: number; delayMs?: number } = {}): Reply =>
  sse([
    text(content, options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
    finish("stop"),
    usage({ prompt: 10, completion: Math.max(1, Math.ceil(content.length / 4)) })
  ], options.delayMs === undefined ? {} : { delayMs: options.delayMs })

export const http = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  kind: "http",
  status,
  body,
  headers
})

/** Destroy the socket after `afterChunks` data lines of `items`. */
export const hangup = (afterChunks: number, items: ReadonlyArray<SseItem | ReadonlyArray<SseItem>>): Reply =>
  sse(items, { hangupAfter: afterChunks })

/** Never answer. */
export const hang = (): Reply => ({ kind: "hang" })

/** A non-streamed `chat.completion`. */
export const completion = (content: string): Reply => ({
  kind: "json",
  body: {
    id: CHUNK_ID,
    object: "chat.completion",
    created: 0,
    model: "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 }
  }
})
