// An MCP tool result as the tool result the model reads: text parts as they are, structured content as JSON when
// there is no text, other parts (images, audio, binary resources) named rather than inlined. `isError` makes it a
// failed call (a failed tool is not a failed run).
import type { ToolOutcome } from "../tools/Tool.js"

const MAX_OUTPUT = 100_000

type Part = { readonly type?: unknown; readonly [key: string]: unknown }

const partText = (part: Part): string => {
  switch (part.type) {
    case "text":
      return typeof part["text"] === "string" ? part["text"] : ""
    case "image":
    case "audio":
      return `[${String(part.type)} ${String(part["mimeType"] ?? "")}, ${typeof part["data"] === "string" ? part["data"].length : 0} base64 characters]`
    case "resource": {
      const resource = (part["resource"] ?? {}) as { uri?: unknown; text?: unknown; mimeType?: unknown }
      return typeof resource.text === "string" ? resource.text : `[resource ${String(resource.uri ?? "")} (${String(resource.mimeType ?? "binary")})]`
    }
    case "resource_link":
      return `[resource link ${String(part["uri"] ?? "")}${typeof part["name"] === "string" ? ` (${part["name"]})` : ""}]`
    default:
      return `[${String(part.type)} content]`
  }
}

export const mcpOutcome = (result: { readonly content?: unknown; readonly structuredContent?: unknown; readonly isError?: unknown }): ToolOutcome => {
  const parts = Array.isArray(result.content) ? result.content as ReadonlyArray<Part> : []
  let text = parts.map(partText).filter((piece) => piece !== "").join("\n")
  if (text === "" && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent)
  if (text.length > MAX_OUTPUT) text = `${text.slice(0, MAX_OUTPUT)}\n[output truncated]`
  if (result.isError === true) {
    const error = text === "" ? "the MCP tool reported an error" : text.slice(0, 300)
    return { output: `Error: ${text === "" ? error : text}`, success: false, error }
  }
  return { output: text, success: true }
}
