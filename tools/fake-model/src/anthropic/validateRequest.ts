// What the real Messages API refuses with 400 invalid_request_error (or 401), checked the same way here so a client
// bug fails a test instead of passing against a lenient fake: credentials and version headers, max_tokens, a
// non-empty conversation that starts with the user and alternates roles, no empty text, and every tool_use answered
// by a tool_result in the very next user message (and no tool_result for an id that was not asked).
import type { IncomingHttpHeaders } from "node:http"
import type { ChatRequestBody } from "../Script.js"

type Block = { readonly type?: unknown; readonly [key: string]: unknown }

export interface Refusal {
  readonly status: number
  readonly type: string
  readonly message: string
}

const blocksOf = (content: unknown): ReadonlyArray<Block> =>
  typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content as ReadonlyArray<Block> : []

export const refusalOf = (headers: IncomingHttpHeaders, body: ChatRequestBody): Refusal | undefined => {
  if (headers["x-api-key"] === undefined && headers["authorization"] === undefined) {
    return { status: 401, type: "authentication_error", message: "x-api-key header is required" }
  }
  const invalid = (message: string): Refusal => ({ status: 400, type: "invalid_request_error", message })
  if (headers["anthropic-version"] === undefined) return invalid("anthropic-version header is required")
  if (typeof body["max_tokens"] !== "number" || body["max_tokens"] < 1) return invalid("max_tokens: Field required")
  if (typeof body.model !== "string" || body.model === "") return invalid("model: Field required")
  const messages = (body["messages"] ?? []) as ReadonlyArray<{ role?: unknown; content?: unknown }>
  if (messages.length === 0) return invalid("messages: at least one message is required")
  if (messages[0]!.role !== "user") return invalid("messages: the first message must use the \"user\" role")
  let asked: ReadonlySet<string> = new Set()
  for (const [index, message] of messages.entries()) {
    if (message.role !== "user" && message.role !== "assistant") return invalid(`messages.${index}.role: must be user or assistant`)
    if (index > 0 && messages[index - 1]!.role === message.role) {
      return invalid(`messages: roles must alternate between "user" and "assistant" (messages.${index})`)
    }
    const blocks = blocksOf(message.content)
    if (blocks.length === 0) return invalid(`messages.${index}: content must not be empty`)
    for (const block of blocks) {
      if (block.type === "text" && (typeof block["text"] !== "string" || block["text"] === "")) {
        return invalid(`messages.${index}: text content blocks must be non-empty`)
      }
    }
    if (message.role === "user") {
      const answered = new Set(blocks.filter((b) => b.type === "tool_result").map((b) => String(b["tool_use_id"])))
      for (const id of asked) {
        if (!answered.has(id)) return invalid(`messages.${index}: tool_use ids were found without tool_result blocks immediately after: ${id}`)
      }
      for (const id of answered) {
        if (!asked.has(id)) return invalid(`messages.${index}: unexpected tool_use_id found in tool_result blocks: ${id}`)
      }
      asked = new Set()
    } else {
      asked = new Set(blocks.filter((b) => b.type === "tool_use").map((b) => String(b["id"])))
    }
  }
  if (asked.size > 0) return invalid("messages: the last assistant message's tool_use blocks have no tool_result")
  return undefined
}
