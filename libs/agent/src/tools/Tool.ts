// What the agent loop needs from a tool. Failures are values (success:false): a failed tool is not a failed run.
import type { Effect } from "effect"
import type { ToolSpec } from "../provider/ChatTypes.js"

export interface ToolOutcome {
  /** What the model sees as the tool result. */
  readonly output: string
  readonly success: boolean
  readonly error?: string
}

export interface ToolContext {
  /** The id of the tool call being answered. */
  readonly callId: string
  /** True for the main agent, false inside a sub-agent. */
  readonly isMain: boolean
}

/** How the permission gate judges a tool that is not one of wave's own (permissions/callItems.ts). */
export interface ToolApproval {
  /** A tool of an MCP server: it needs an allow rule (its own name or its server's) outside bypassPermissions. */
  readonly kind: "mcp"
  readonly server: string
  /** The server's `readOnlyHint` annotation: a claim about itself, honoured only by `plan` (which also needs a rule). */
  readonly readOnlyHint: boolean
}

export interface Tool {
  readonly name: string
  readonly description: string
  /** JSON Schema of the arguments object. */
  readonly parameters: object
  readonly approval?: ToolApproval
  run(input: unknown, context: ToolContext): Effect.Effect<ToolOutcome>
}

export const toolSpec = (tool: Tool): ToolSpec => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.parameters }
})

export const failure = (error: string): ToolOutcome => ({ output: `Error: ${error}`, success: false, error })

/** The text-mode `compactParams`: scalar argument values, shortened (2.2). */
export const compactParams = (input: unknown): string => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return ""
  const values = Object.values(input as Record<string, unknown>)
    .filter((value) => typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    .map((value) => String(value).replace(/\s+/g, " ").trim())
    .filter((value) => value.length > 0)
  const joined = values.join(" ")
  return joined.length > 80 ? `${joined.slice(0, 77)}...` : joined
}
