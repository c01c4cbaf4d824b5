import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { resumeSession } from "./resumeSession.js"
import { type SessionEvent, SessionNotFound, type SessionStore } from "./SessionStore.js"

const said = (content: string): SessionEvent => ({ type: "wave.message", payload: { message: { role: "user", content } } })

const store = (sessions: Record<string, ReadonlyArray<SessionEvent>>, latest: string | undefined): SessionStore => ({
  read: (id) => sessions[id] === undefined ? Effect.fail(new SessionNotFound({ id })) : Effect.succeed(sessions[id]),
  latest: () => Effect.succeed(latest),
  append: () => Effect.void
})

describe("resumeSession", () => {
  const sessions = store({ a: [said("from a")], b: [said("from b")] }, "b")

  it.effect("without -r or -c the run gets a new, empty session", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* resumeSession(sessions, undefined, "new"), { sessionId: "new", history: [], restored: false })
    }))

  it.effect("-r restores the named session's conversation, and fails when it does not exist", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* resumeSession(sessions, { kind: "restore", id: "a" }, "new"), {
        sessionId: "a",
        history: [{ role: "user", content: "from a" }],
        restored: true
      })
      const missing = yield* resumeSession(sessions, { kind: "restore", id: "zz" }, "new").pipe(Effect.flip)
      assert.strictEqual(missing.message, "Session zz not found")
    }))

  it.effect("-c continues the latest session, or starts a new one when there is none or it cannot be read", () =>
    Effect.gen(function*() {
      const latest = yield* resumeSession(sessions, { kind: "continue" }, "new")
      assert.deepStrictEqual([latest.sessionId, latest.restored, latest.history.length], ["b", true, 1])
      const none = yield* resumeSession(store({}, undefined), { kind: "continue" }, "new")
      assert.deepStrictEqual(none, { sessionId: "new", history: [], restored: false })
      const unreadable = yield* resumeSession(store({}, "gone"), { kind: "continue" }, "new")
      assert.deepStrictEqual(unreadable, { sessionId: "new", history: [], restored: false })
    }))
})
