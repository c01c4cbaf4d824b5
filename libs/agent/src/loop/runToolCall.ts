// One tool call of a completion: parse its arguments, run the tool, report start and end. Every failure (unknown
// tool, arguments that are not JSON, a crashing tool) becomes a failed outcome the model reads (E9).
import { Effect } from "effect"
import type { ToolCallRequest } from "../provider/ChatTypes.js"
import { compactParams, failure, type Tool, type ToolOutcome } from "../tools/Tool.js"
import type { EmitEvent } from "./AgentEvent.js"

interface ParsedArgs {
  readonly input: unknown
  readonly parsed: boolean
}

export const parseArgs = (raw: string): ParsedArgs => {
  if (raw.trim() === "") return { input: {}, parsed: true }
  try {
    return { input: JSON.parse(raw) as unknown, parsed: true }
  } catch {
    return { input: raw, parsed: false }
  }
}

export interface ToolCallContext {
  readonly tools: ReadonlyArray<Tool>
  readonly emit: EmitEvent
  readonly isMain: boolean
}

export const runToolCall = (context: ToolCallContext, call: ToolCallRequest): Effect.Effect<ToolOutcome> =>
  Effect.gen(function*() {
    const { input, parsed } = parseArgs(call.arguments)
    context.emit({
      type: "tool_start",
      id: call.id,
      name: call.name,
      input,
      parsed,
      compact: parsed ? compactParams(input) : ""
    })
    const tool = context.tools.find((candidate) => candidate.name === call.name)
    const outcome: ToolOutcome = tool === undefined
      ? failure(`Unknown tool "${call.name}"`)
      : !parsed
      ? failure(`Tool arguments are not valid JSON: ${call.arguments.slice(0, 200)}`)
      : yield* tool.run(input, { callId: call.id, isMain: context.isMain }).pipe(
        Effect.catchCause((cause) => Effect.succeed(failure(`Tool crashed: ${String(cause)}`)))
      )
    context.emit({
      type: "tool_end",
      id: call.id,
      name: call.name,
      success: outcome.success,
      ...(outcome.error === undefined ? {} : { error: outcome.error })
    })
    return outcome
  })
