// The Agent tool: runs a sub-agent in the foreground (its answer is the tool result) or in the background (the
// main agent is notified later). Sub-agents never emit into the main event stream; only their usage is counted.
import { Effect } from "effect"
import { accountingOnly, type EmitEvent } from "../loop/AgentEvent.js"
import type { Agent } from "../loop/Agent.js"
import type { BackgroundHost } from "../loop/BackgroundTask.js"
import { failure, type Tool } from "./Tool.js"

export interface SubAgentFactory {
  /** Creates a silent agent with its own conversation; `emit` receives only what the sub-agent may leak: usage. */
  (options: { readonly prompt: string; readonly subagentType: string; readonly emit: EmitEvent }): Effect.Effect<Agent>
}

interface AgentInput {
  readonly description?: unknown
  readonly prompt?: unknown
  readonly subagent_type?: unknown
  readonly run_in_background?: unknown
}


/** Runs the sub-agent; fails with a message when it produced errors and no answer (E2: the parent decides). */
const runSubAgent = (makeSub: SubAgentFactory, emit: EmitEvent, prompt: string, subagentType: string) =>
  Effect.gen(function*() {
    const sub = yield* makeSub({ prompt, subagentType, emit: accountingOnly(emit, "subagent") })
    const answer = yield* sub.runToCompletion(prompt).pipe(Effect.ensuring(sub.destroy()))
    if (answer.text.length === 0 && answer.errors.length > 0) {
      return yield* Effect.fail(`Sub-agent failed: ${answer.errors.join("; ")}`)
    }
    return answer.text
  })

export const agentTool = (host: BackgroundHost, makeSub: SubAgentFactory, emit: EmitEvent): Tool => ({
  name: "Agent",
  description: "Start a sub-agent with its own conversation to carry out a self-contained task. Its final answer " +
    "comes back as this tool's result. With run_in_background: true the call returns at once and you receive a " +
    "<task-notification> message when the sub-agent finishes.",
  parameters: {
    type: "object",
    properties: {
      description: { type: "string", description: "A short (3-5 word) description of the task" },
      prompt: { type: "string", description: "The task for the sub-agent" },
      subagent_type: { type: "string", description: "The kind of sub-agent (default: general-purpose)" },
      run_in_background: { type: "boolean", description: "Run without waiting; you will be notified on completion" }
    },
    required: ["description", "prompt"],
    additionalProperties: false
  },
  run: (raw) =>
    Effect.gen(function*() {
      const input = (typeof raw === "object" && raw !== null ? raw : {}) as AgentInput
      if (typeof input.prompt !== "string" || input.prompt.trim() === "") return failure("`prompt` must be a non-empty string")
      const description = typeof input.description === "string" ? input.description : input.prompt.slice(0, 40)
      const subagentType = typeof input.subagent_type === "string" ? input.subagent_type : "general-purpose"
      const work = runSubAgent(makeSub, emit, input.prompt, subagentType)
      if (input.run_in_background === true) {
        const task = yield* host.startBackground({ type: "agent", description, notify: true }, work)
        return {
          output: `Started background task ${task.id} (${description}). You will receive a <task-notification> ` +
            "when it completes; do not wait or poll for it.",
          success: true
        }
      }
      return yield* work.pipe(
        Effect.map((answer) => ({ output: answer, success: true })),
        // The details go to the model only; the result's tool_calls never carry sub-agent output (E7).
        Effect.catch((error: string) => Effect.succeed({ output: `Error: ${error}`, success: false, error: "Sub-agent failed" }))
      )
    })
})
