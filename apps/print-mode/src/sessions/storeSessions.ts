// wave sessions over the shared event store: one stream `wave-<id>` per session; the most recently active session
// (-c) is the stream with the newest `wave-` event. The store (better-sqlite3) is loaded on first use, so a new
// session's system/init line never waits for it.
import { type SessionEvent, SessionNotFound, type SessionStore, sessionStream } from "@agent-desktop/agent"
import type { EventStoreCore } from "@agent-desktop/store"
import { Cause, Effect } from "effect"

const PREFIX = sessionStream("")

export interface ClosableSessionStore extends SessionStore {
  readonly close: () => void
}

/**
 * `onProblem` hears, once, that the store could not be written: the run goes on unpersisted and reports it as a
 * recoverable error instead of dying after it already answered.
 */
export const storeSessions = (env: NodeJS.ProcessEnv, onProblem: (message: string) => void): ClosableSessionStore => {
  let core: EventStoreCore | undefined
  let reported = false
  let opening: Promise<EventStoreCore> | undefined
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
      Effect.map(open(), (store) => store.latestStream(PREFIX)?.slice(PREFIX.length)),
    append: (id, events) =>
      Effect.flatMap(open(), (store) =>
        Effect.sync(() => {
          store.append(sessionStream(id), events.map((event) => ({ type: event.type, payload: event.payload })))
        })).pipe(
          Effect.catchCause((cause) =>
            Effect.sync(() => {
              if (reported) return
              reported = true
              const error = Cause.squash(cause)
              onProblem(`Session not saved: ${error instanceof Error ? error.message : String(error)}`)
            })
          )
        ),
    close: () => core?.close()
  }
}
