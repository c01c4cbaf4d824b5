// How an agent is made: its model, prompt, tools and the hooks its owner (AgentRun, the Agent tool) plugs in.
import type { Effect } from "effect"
import type { ChatMessage } from "../provider/ChatTypes.js"
import type { Tool } from "../tools/Tool.js"
import type { EmitEvent, UsageSource } from "./AgentEvent.js"
import type { BackgroundHost } from "./BackgroundTask.js"

export interface AgentOptions {
  readonly sessionId: string
  readonly model: string
  /** The system prompt, or how to write it from the names of the tools the agent ended up with. */
  readonly systemPrompt: string | ((toolNames: ReadonlyArray<string>) => string)
  /** Built once the agent exists, so tools such as Agent can start background work on it. */
  readonly tools: (host: BackgroundHost) => ReadonlyArray<Tool>
  readonly emit: EmitEvent
  readonly source: UsageSource
  readonly maxTurns?: number | undefined
  /** A restored conversation (without the system prompt). */
  readonly history?: ReadonlyArray<ChatMessage>
  /** Called for every message added to the conversation (session persistence). */
  readonly onMessage?: (message: ChatMessage) => Effect.Effect<void>
  /** `--verbose` lines about what no event shows (failed model attempts that are retried). */
  readonly diagnostic?: ((line: string) => void) | undefined
  /** After the turn loop of a dispatched batch, while still loading (memory extraction starts here). */
  readonly onBatchEnd?: (batch: ReadonlyArray<string>) => Effect.Effect<void>
}
