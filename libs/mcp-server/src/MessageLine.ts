/**
 * One JSON-RPC message as one line. A tool result carries its envelope twice (structuredContent, and the same JSON
 * as text); the text was already made by the tool call, so its structuredContent is spliced in from that text
 * instead of being serialized again (a 200 KB snapshot envelope costs a few ms a stringify). The SDK validates a
 * result into a copy before sending it, so the text (a string, which survives the copy) is what is remembered.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

/** Texts of results on their way out whose structuredContent is that same JSON; a result is sent once. */
const serialized = new Set<string>()
/** Results that never get sent (a cancelled call) must not pile up. */
const maxRemembered = 16

/** Remembers `json` as both a result's text block and the serialization of its structuredContent. */
export const rememberJson = (json: string): void => {
  if (serialized.size >= maxRemembered) serialized.clear()
  serialized.add(json)
}

const textOf = (result: Record<string, unknown>): string | undefined => {
  const content = result["content"]
  const first: unknown = Array.isArray(content) ? content[0] : undefined
  return isRecord(first) && first["type"] === "text" && typeof first["text"] === "string" ? first["text"] : undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

export const messageLine = (message: JSONRPCMessage): string => {
  const result = (message as { readonly result?: unknown }).result
  const json = isRecord(result) && isRecord(result["structuredContent"]) ? textOf(result) : undefined
  if (json === undefined || !isRecord(result) || !serialized.delete(json)) return JSON.stringify(message) + "\n"
  const { result: _result, ...head } = message as Record<string, unknown>
  const { structuredContent: _structured, ...rest } = result
  const restJson = JSON.stringify(rest)
  const resultJson = `{"structuredContent":${json}${restJson === "{}" ? "" : `,${restJson.slice(1, -1)}`}}`
  const headJson = JSON.stringify(head)
  return `${headJson === "{}" ? "{" : `${headJson.slice(0, -1)},`}"result":${resultJson}}\n`
}
