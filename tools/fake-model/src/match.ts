// Matchers over request content (never over arrival order: sub-agents and the main agent call concurrently).
import type { ChatMessage, Matcher, RecordedRequest } from "./Script.js"

export const messageText = (message: ChatMessage): string => {
  const content = message.content
  if (typeof content === "string") return content
  if (Array.isArray(content)) {
    return content.map((part) =>
      typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string"
        ? (part as { text: string }).text
        : ""
    ).join("")
  }
  return ""
}

const messages = (request: RecordedRequest): ReadonlyArray<ChatMessage> => request.chat

export const always: Matcher = () => true

/** The request's raw body contains `marker` anywhere. */
export const contains = (marker: string): Matcher => (request) => request.rawBody.includes(marker)

export const systemContains = (marker: string): Matcher => (request) =>
  messages(request).some((m) => m.role === "system" && messageText(m).includes(marker))

/** The first user message contains `marker` (identifies which agent is asking). */
export const firstUserContains = (marker: string): Matcher => (request) => {
  const first = messages(request).find((m) => m.role === "user")
  return first !== undefined && messageText(first).includes(marker)
}

export const lastUserContains = (marker: string): Matcher => (request) => {
  const users = messages(request).filter((m) => m.role === "user")
  const last = users[users.length - 1]
  return last !== undefined && messageText(last).includes(marker)
}

/** The conversation already holds a tool result (optionally one containing `marker`). */
export const hasToolResult = (marker?: string): Matcher => (request) =>
  messages(request).some((m) => m.role === "tool" && (marker === undefined || messageText(m).includes(marker)))

/** The last message is a tool result (the model is being asked to react to a tool). */
export const lastIsToolResult: Matcher = (request) => {
  const list = messages(request)
  return list[list.length - 1]?.role === "tool"
}

export const model = (name: string): Matcher => (request) => request.body.model === name

export const toolResultCount = (n: number): Matcher => (request) =>
  messages(request).filter((m) => m.role === "tool").length === n

export const all = (...matchers: ReadonlyArray<Matcher>): Matcher => (request) => matchers.every((m) => m(request))
export const any = (...matchers: ReadonlyArray<Matcher>): Matcher => (request) => matchers.some((m) => m(request))
export const not = (matcher: Matcher): Matcher => (request) => !matcher(request)
