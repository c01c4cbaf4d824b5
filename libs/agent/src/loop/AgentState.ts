// Everything an agent knows, as one immutable record held in one Ref (Agent.ts). It changes only through small pure
// transitions (here: the conversation and the turn count; dispatchState.ts: the queue and isLoading;
// taskState.ts: background tasks), each applied in one Ref step, so no reader ever sees half of a change.
import type { ChatMessage } from "../provider/ChatTypes.js"
import type { BackgroundTask } from "./BackgroundTask.js"

export interface AgentState {
  /** The conversation, system prompt first. */
  readonly messages: ReadonlyArray<ChatMessage>
  /** User messages and task notifications waiting for the next dispatch. */
  readonly queue: ReadonlyArray<string>
  /** A batch (or a runToCompletion prompt) is being handled. */
  readonly loading: boolean
  /** Killed or destroyed: nothing more is dispatched and the turn loop ends after its current step. */
  readonly stopped: boolean
  /** Background tasks in start order. */
  readonly tasks: ReadonlyArray<BackgroundTask>
  /** Main assistant messages completed in this process (num_turns). */
  readonly turns: number
  /** The text of the last completed assistant message. */
  readonly lastText: string
  readonly producedContent: boolean
  readonly maxTurnsHit: boolean
  /** Why model calls failed (each one ended its turn loop with an error block). */
  readonly errors: ReadonlyArray<string>
}

/** What a prompt run to completion answers (sub-agents, memory extraction): the last text and the failures. */
export interface Answer {
  readonly text: string
  readonly errors: ReadonlyArray<string>
}

export const initialState: AgentState = {
  messages: [],
  queue: [],
  loading: false,
  stopped: false,
  tasks: [],
  turns: 0,
  lastText: "",
  producedContent: false,
  maxTurnsHit: false,
  errors: []
}

/** The system prompt, then a restored conversation (which is not persisted again). */
export const startConversation = (systemPrompt: string, history: ReadonlyArray<ChatMessage>) =>
(state: AgentState): AgentState => ({
  ...state,
  messages: [{ role: "system", content: systemPrompt }, ...history]
})

export const addMessage = (message: ChatMessage) => (state: AgentState): AgentState => ({
  ...state,
  messages: [...state.messages, message]
})

/** An assistant message completed: one more turn, and its text is the latest answer. */
export const completeTurn = (content: string) => (state: AgentState): AgentState => ({
  ...state,
  turns: state.turns + 1,
  lastText: content,
  producedContent: state.producedContent || content.length > 0
})

export const maxTurnsReached = (maxTurns: number | undefined, state: AgentState): boolean =>
  maxTurns !== undefined && state.turns >= maxTurns

export const hitMaxTurns = (state: AgentState): AgentState => ({ ...state, maxTurnsHit: true })

/** A model call failed: the turn loop ends with this error block. */
export const failTurn = (message: string) => (state: AgentState): AgentState => ({
  ...state,
  errors: [...state.errors, message]
})

export const answerOf = (state: AgentState): Answer => ({ text: state.lastText, errors: state.errors })
