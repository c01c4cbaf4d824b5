// Sessions are event streams `wave-<id>` in the shared event store. This is the seam the agent needs; the app wires
// it to @agent-desktop/store's EventStore.
import { Data, type Effect } from "effect"
import type { ChatMessage, TokenUsage } from "../provider/ChatTypes.js"

export class SessionNotFound extends Data.TaggedError("SessionNotFound")<{ readonly id: string }> {
  override get message(): string {
    return `Session ${this.id} not found`
  }
}

export type SessionEvent =
  | { readonly type: "wave.session_started"; readonly payload: { readonly session_id: string; readonly model: string; readonly cwd: string } }
  | { readonly type: "wave.message"; readonly payload: { readonly message: ChatMessage } }
  | {
    readonly type: "wave.run_ended"
    readonly payload: {
      readonly turns: number
      readonly usage: TokenUsage
      readonly subtype: string
    }
  }

export const sessionStream = (id: string): string => `wave-${id}`

export interface SessionStore {
  /** Events of a session, oldest first; fails when the session has none. */
  readonly read: (id: string) => Effect.Effect<ReadonlyArray<SessionEvent>, SessionNotFound>
  /** The most recently active session, if any. */
  readonly latest: () => Effect.Effect<string | undefined>
  readonly append: (id: string, events: ReadonlyArray<SessionEvent>) => Effect.Effect<void>
}

/** The conversation a session's events describe (without the system prompt, which is rebuilt fresh). */
export const rebuildConversation = (events: ReadonlyArray<SessionEvent>): Array<ChatMessage> =>
  events.flatMap((event) => event.type === "wave.message" ? [event.payload.message] : [])
