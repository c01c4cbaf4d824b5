// When and how the main agent's memory is extracted (D11): after every autoMemoryFrequency-th batch that held a
// user prompt (notification-only batches do not count), a silent agent reads the transcript as background work
// (the exit waits for it) and its answer is appended to MEMORY.md (autoMemory.ts).
import { Effect } from "effect"
import type { Agent } from "../loop/Agent.js"
import type { EmitEvent } from "../loop/AgentEvent.js"
import type { ChatMessage } from "../provider/ChatTypes.js"
import { appendMemory } from "./autoMemory.js"

/** Whether a dispatched batch held a user prompt, not only task notifications. */
export const hadPrompt = (batch: ReadonlyArray<string>): boolean =>
  batch.some((text) => !text.startsWith("<task-notification>"))

/** Whether the prompt batch numbered `count` (from 1) is one memory is extracted after. */
export const memoryDue = (count: number, frequency: number): boolean => count % frequency === 0

/** The conversation as the extractor reads it: user and assistant text, one message a line. */
export const transcriptOf = (messages: ReadonlyArray<ChatMessage>): string =>
  messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : ""}`)
    .join("\n")

/** Starts the extraction as a silent background task of `agent`; `extractor` makes the agent that answers. */
export const extractMemory = (
  agent: Agent,
  extractor: Effect.Effect<Agent>,
  waveHome: string,
  emit: EmitEvent
): Effect.Effect<void> =>
  agent.startBackground(
    { type: "memory", description: "auto-memory extraction", notify: false },
    Effect.gen(function*() {
      const transcript = transcriptOf((yield* agent.snapshot).messages)
      const sub = yield* extractor
      const answer = (yield* sub.runToCompletion(transcript).pipe(Effect.ensuring(sub.destroy()))).text
      const refused = yield* Effect.sync(() => appendMemory(waveHome, answer))
      if (refused !== undefined) emit({ type: "error", message: `memory not saved: ${refused}`, source: "internal", recoverable: true })
      return answer
    })
  ).pipe(Effect.asVoid)
