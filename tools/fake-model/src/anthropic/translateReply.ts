// One script, both protocols: a reply written with the OpenAI chunk builders is sent to a Messages request as the
// Anthropic stream saying the same — message_start (input and cache tokens from the usage chunk), a text, thinking
// or tool_use content block per run of deltas (tool arguments as input_json_delta pieces), message_delta with the
// stop reason and output tokens, message_stop; no `[DONE]`. Malformed lines and pauses stay where they were, and a
// hang-up after n data lines becomes a hang-up after what those n lines became. Error replies get the API's error
// body. A reply that already holds native events (events.ts) is sent as written.
import type { Reply, SseItem } from "../Script.js"
import { errorBody, errorTypeOf, messageStart } from "./events.js"

interface OpenAiDelta {
  readonly content?: string | null
  readonly reasoning_content?: string | null
  readonly tool_calls?: ReadonlyArray<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>
}

interface OpenAiChunk {
  readonly choices?: ReadonlyArray<{ readonly delta?: OpenAiDelta; readonly finish_reason?: string | null }>
  readonly usage?: {
    readonly prompt_tokens?: number
    readonly completion_tokens?: number
    readonly prompt_tokens_details?: { readonly cached_tokens?: number; readonly cache_creation_input_tokens?: number }
  }
}

const STOP: Readonly<Record<string, string>> = {
  stop: "end_turn",
  tool_calls: "tool_use",
  length: "max_tokens",
  content_filter: "refusal"
}

const event = (type: string, payload: Record<string, unknown>): SseItem => ({ kind: "chunk", event: type, chunk: { type, ...payload } })

const isNative = (items: ReadonlyArray<SseItem>) => items.some((item) => item.kind === "chunk" && item.event !== undefined)

const translateSse = (reply: Extract<Reply, { kind: "sse" }>): Reply => {
  if (isNative(reply.items)) return { ...reply, omitDone: true }
  const usageChunk = reply.items.map((item) => (item.kind === "chunk" ? (item.chunk as OpenAiChunk).usage : undefined))
    .find((usage) => usage !== undefined)
  const cacheRead = usageChunk?.prompt_tokens_details?.cached_tokens ?? 0
  const cacheCreation = usageChunk?.prompt_tokens_details?.cache_creation_input_tokens ?? 0
  const out: Array<SseItem> = [
    ...messageStart({ input: Math.max(0, (usageChunk?.prompt_tokens ?? 10) - cacheRead - cacheCreation), cacheRead, cacheCreation })
  ]
  let open: { index: number; kind: "text" | "thinking" | "tool_use"; toolIndex?: number } | undefined
  let blocks = 0
  let stop = "end_turn"
  let output = 1
  let hangupAfter: number | undefined
  let dataItems = 0
  const close = () => {
    if (open !== undefined) out.push(event("content_block_stop", { index: open.index }))
    open = undefined
  }
  const start = (kind: "text" | "thinking" | "tool_use", block: Record<string, unknown>, toolIndex?: number) => {
    close()
    open = { index: blocks++, kind, ...(toolIndex === undefined ? {} : { toolIndex }) }
    out.push(event("content_block_start", { index: open.index, content_block: block }))
  }
  for (const item of reply.items) {
    if (item.kind !== "chunk") {
      out.push(item)
    } else {
      const chunk = item.chunk as OpenAiChunk
      const choice = chunk.choices?.[0]
      const delta = choice?.delta
      if (delta?.reasoning_content) {
        if (open?.kind !== "thinking") start("thinking", { type: "thinking", thinking: "" })
        out.push(event("content_block_delta", { index: open!.index, delta: { type: "thinking_delta", thinking: delta.reasoning_content } }))
      }
      if (delta?.content) {
        if (open?.kind !== "text") start("text", { type: "text", text: "" })
        out.push(event("content_block_delta", { index: open!.index, delta: { type: "text_delta", text: delta.content } }))
      }
      for (const call of delta?.tool_calls ?? []) {
        if (call.id !== undefined) start("tool_use", { type: "tool_use", id: call.id, name: call.function?.name ?? "", input: {} }, call.index ?? 0)
        if (call.function?.arguments) {
          out.push(event("content_block_delta", { index: open!.index, delta: { type: "input_json_delta", partial_json: call.function.arguments } }))
        }
      }
      if (choice?.finish_reason) stop = STOP[choice.finish_reason] ?? choice.finish_reason
      if (chunk.usage?.completion_tokens !== undefined) output = chunk.usage.completion_tokens
    }
    if (item.kind !== "pause") dataItems++
    if (reply.hangupAfter !== undefined && dataItems === reply.hangupAfter && hangupAfter === undefined) {
      hangupAfter = out.filter((line) => line.kind !== "pause").length
    }
  }
  if (reply.hangupAfter !== undefined && hangupAfter === undefined) {
    hangupAfter = reply.hangupAfter === 0 ? 0 : out.filter((line) => line.kind !== "pause").length
  }
  close()
  out.push(event("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: output } }))
  out.push(event("message_stop", {}))
  const { hangupAfter: _original, ...rest } = reply
  return { ...rest, items: out, omitDone: true, ...(hangupAfter === undefined ? {} : { hangupAfter }) }
}

const translateError = (body: unknown, status: number): unknown => {
  if (typeof body === "object" && body !== null && (body as { type?: unknown }).type === "error") return body
  const message = typeof body === "string"
    ? body
    : (body as { error?: { message?: unknown } } | null)?.error?.message
  return errorBody(errorTypeOf(status), typeof message === "string" ? message : JSON.stringify(body))
}

export const toAnthropic = (reply: Reply): Reply => {
  switch (reply.kind) {
    case "sse":
      return translateSse(reply)
    case "http":
      return reply.status >= 200 && reply.status < 300 ? reply : { ...reply, body: translateError(reply.body, reply.status) }
    case "json": {
      const body = reply.body as { choices?: ReadonlyArray<{ message?: { content?: string } }> }
      const text = body.choices?.[0]?.message?.content
      return text === undefined ? reply : {
        ...reply,
        body: {
          id: "msg_fake",
          type: "message",
          role: "assistant",
          model: "fake-model",
          content: [{ type: "text", text }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 }
        }
      }
    }
    case "hang":
      return reply
  }
}
