// wave sessions over the shared event store: one stream `wave-<id>` per session, plus `wave-sessions`, an index
// stream whose last event names the most recently active session (-c). The store (better-sqlite3) is loaded on
// first use, so a new session's system/init line never waits for it.
import { type SessionEvent, SessionNotFound, type SessionStore, sessionStream } from "@agent-desktop/agent"
import type { EventStoreCore } from "@agent-desktop/store"
import { Effect } from "effect"

export const SESSION_INDEX_STREAM = "wave-sessions"

export interface ClosableSessionStore extends SessionStore {
  readonly close: () => void
}

export const storeSessions = (env: NodeJS.ProcessEnv): ClosableSessionStore => {
  let core: EventStoreCore | undefined
  let opening: Promise<EventStoreCore> | undefined
  const indexed = new Set<string>()
  const open = () =>
    Effect.promise(() =>
      opening ??= import("@agent-desktop/store").then((store) => {
        core = store.EventStoreCore.open({ env })
        return core
      })
    )
  return {
    read: (id) =>
      Effect.flatMap(open(), (store) => {
        const events = store.readStream(sessionStream(id))
        return events.length === 0
          ? Effect.fail(new SessionNotFound({ id }))
          : Effect.succeed(events.map((event) => ({ type: event.type, payload: event.payload }) as SessionEvent))
      }),
    latest: () =>
      Effect.map(open(), (store) => {
        const index = store.readStream(SESSION_INDEX_STREAM)
        const last = index[index.length - 1]
        return (last?.payload as { session_id?: string } | undefined)?.session_id
      }),
    append: (id, events) =>
      Effect.flatMap(open(), (store) =>
        Effect.sync(() => {
          store.append(sessionStream(id), events.map((event) => ({ type: event.type, payload: event.payload })))
          if (!indexed.has(id)) {
            indexed.add(id)
            store.append(SESSION_INDEX_STREAM, [{ type: "wave.session_active", payload: { session_id: id } }])
          }
        })),
    close: () => core?.close()
  }
}
