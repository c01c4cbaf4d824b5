// Which conversation a run continues: a new session, the one -r names (it must exist), or the most recent one (-c;
// a new session when there is none or it cannot be read).
import { Effect } from "effect"
import type { ChatMessage } from "../provider/ChatTypes.js"
import { rebuildConversation, type SessionNotFound, type SessionStore } from "./SessionStore.js"

export type Resume = { readonly kind: "restore"; readonly id: string } | { readonly kind: "continue" } | undefined

export interface ResumedSession {
  readonly sessionId: string
  /** The restored conversation, without the system prompt. */
  readonly history: ReadonlyArray<ChatMessage>
  readonly restored: boolean
}

export const resumeSession = (
  sessions: SessionStore,
  resume: Resume,
  newId: string
): Effect.Effect<ResumedSession, SessionNotFound> =>
  Effect.gen(function*() {
    if (resume?.kind === "restore") {
      const events = yield* sessions.read(resume.id)
      return { sessionId: resume.id, history: rebuildConversation(events), restored: true }
    }
    if (resume?.kind === "continue") {
      const latest = yield* sessions.latest()
      if (latest !== undefined) {
        const events = yield* sessions.read(latest).pipe(Effect.result)
        if (events._tag === "Success") {
          return { sessionId: latest, history: rebuildConversation(events.success), restored: true }
        }
      }
    }
    return { sessionId: newId, history: [], restored: false }
  })
