// The queue and isLoading as a state machine over AgentState. The ordering facts of Agent.ts live here:
// - enqueue claims the agent (loading = true) in the same step that queues the message, when it is idle;
// - takeBatch either takes the whole queue (still loading) or, with the queue empty, drops loading in that same
//   step, so isLoading never drops while a message waits and a message never waits for an agent that went idle.
// Transitions that answer something return [answer, next state] for Ref.modify.
import type { AgentState } from "./AgentState.js"

/** Queues a message; answers whether the caller must start the dispatch loop (the agent was idle). */
export const enqueue = (text: string) => (state: AgentState): [boolean, AgentState] =>
  claim({ ...state, queue: [...state.queue, text] })

/** Claims an idle agent with something queued: answers true when the caller must start the dispatch loop. */
export const claim = (state: AgentState): [boolean, AgentState] =>
  state.loading || state.queue.length === 0 || state.stopped ? [false, state] : [true, { ...state, loading: true }]

/** The next batch (all queued messages together), or undefined when the loop must end: then loading drops. */
export const takeBatch = (state: AgentState): [ReadonlyArray<string> | undefined, AgentState] =>
  state.queue.length > 0 && !state.stopped
    ? [state.queue, { ...state, queue: [] }]
    : [undefined, { ...state, loading: false }]

export const startLoading = (state: AgentState): AgentState => ({ ...state, loading: true })

export const stopLoading = (state: AgentState): AgentState => ({ ...state, loading: false })

export const stop = (state: AgentState): AgentState => ({ ...state, stopped: true })
