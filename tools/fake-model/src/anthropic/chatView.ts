// An Anthropic Messages request seen as OpenAI chat messages, so every matcher reads both protocols alike: the
// top-level `system` becomes a system message, `tool_result` blocks become `role: "tool"` messages, `tool_use`
// blocks become `tool_calls`, text blocks become the content.
import type { ChatMessage, ChatRequestBody } from "../Script.js"

type Block = { readonly type?: unknown; readonly [key: string]: unknown }

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content.map((block: Block) => (block.type === "text" && typeof block["text"] === "string" ? block["text"] : "")).join("")
}

export const anthropicChatView = (body: ChatRequestBody): ReadonlyArray<ChatMessage> => {
  const view: Array<ChatMessage> = []
  const system = textOf(body["system"])
  if (system !== "") view.push({ role: "system", content: system })
  for (const message of (body["messages"] ?? []) as ReadonlyArray<{ role?: unknown; content?: unknown }>) {
    const role = typeof message.role === "string" ? message.role : "user"
    const blocks: ReadonlyArray<Block> = typeof message.content === "string"
      ? [{ type: "text", text: message.content }]
      : Array.isArray(message.content) ? message.content as ReadonlyArray<Block> : []
    if (role === "user") {
      for (const block of blocks) {
        if (block.type === "tool_result") {
          view.push({ role: "tool", tool_call_id: String(block["tool_use_id"] ?? ""), content: textOf(block["content"]) })
        }
      }
      const text = textOf(blocks)
      if (text !== "" || !blocks.some((block) => block.type === "tool_result")) view.push({ role: "user", content: text })
      continue
    }
    const calls = blocks.filter((block) => block.type === "tool_use").map((block) => ({
      id: block["id"],
      type: "function",
      function: { name: block["name"], arguments: JSON.stringify(block["input"] ?? {}) }
    }))
    view.push({ role, content: textOf(blocks), ...(calls.length > 0 ? { tool_calls: calls } : {}) })
  }
  return view
}
