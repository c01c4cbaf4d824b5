// The conversation (kept in OpenAI chat form, as sessions store it) as an Anthropic Messages request: the system
// message becomes `system`, assistant tool calls become `tool_use` blocks, tool results become `tool_result` blocks
// of a user message, and consecutive messages of one role are merged, since the API wants strictly alternating
// roles (tool results, then a task notification, are one user turn). The system prompt and the tool list, the stable
// prefix of every request, are marked for prompt caching.
import type { ModelSettings } from "../../config/readModelSettings.js"
import type { ChatMessage, CompletionRequest } from "../ChatTypes.js"

type Block =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: "tool_result"; readonly tool_use_id: string; readonly content: string }

interface MessagesTurn {
  readonly role: "user" | "assistant"
  readonly content: ReadonlyArray<Block>
}

/** Default `max_tokens` (the Messages API requires one): WAVE_MAX_OUTPUT_TOKENS overrides it. */
export const DEFAULT_MAX_TOKENS = 8_192

/** Tool arguments as the input object the API wants; arguments that never parsed (E9) become `{}`. */
const inputOf = (raw: string): unknown => {
  if (raw.trim() === "") return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

/** Text blocks must not be empty: an empty text becomes a short placeholder rather than an API error. */
const text = (value: string): Block => ({ type: "text", text: value === "" ? "(empty)" : value })

const blocksOf = (message: Exclude<ChatMessage, { role: "system" }>): ReadonlyArray<Block> => {
  switch (message.role) {
    case "user":
      return [text(message.content)]
    case "tool":
      return [{ type: "tool_result", tool_use_id: message.tool_call_id, content: message.content === "" ? "(empty)" : message.content }]
    case "assistant": {
      const calls: ReadonlyArray<Block> = (message.tool_calls ?? []).map((call) => ({
        type: "tool_use",
        id: call.id,
        name: call.function.name,
        input: inputOf(call.function.arguments)
      }))
      const content = message.content ?? ""
      return content === "" && calls.length > 0 ? calls : [text(content), ...calls]
    }
  }
}

export const messagesTurns = (messages: ReadonlyArray<ChatMessage>): { system: string; turns: ReadonlyArray<MessagesTurn> } => {
  const system: Array<string> = []
  const turns: Array<MessagesTurn> = []
  for (const message of messages) {
    if (message.role === "system") {
      system.push(message.content)
      continue
    }
    const role = message.role === "assistant" ? "assistant" : "user"
    const blocks = blocksOf(message)
    const last = turns[turns.length - 1]
    if (last !== undefined && last.role === role) turns[turns.length - 1] = { role, content: [...last.content, ...blocks] }
    else turns.push({ role, content: blocks })
  }
  return { system: system.join("\n\n"), turns }
}

export const messagesBody = (settings: ModelSettings, request: CompletionRequest): string => {
  const { system, turns } = messagesTurns(request.messages)
  const tools = request.tools.map((tool, index) => ({
    name: tool.function.name,
    description: tool.function.description,
    input_schema: tool.function.parameters,
    ...(index === request.tools.length - 1 ? { cache_control: { type: "ephemeral" } } : {})
  }))
  return JSON.stringify({
    model: request.model,
    max_tokens: settings.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
    ...(system === "" ? {} : { system: [{ type: "text", text: system, cache_control: { type: "ephemeral" } }] }),
    messages: turns,
    ...(tools.length > 0 ? { tools, tool_choice: { type: "auto" } } : {}),
    stream: true
  })
}
