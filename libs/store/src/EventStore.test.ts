import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { BACKENDS, useBackend } from "../test/backends.js"
import { snapshot } from "../test/fixtures.js"
import { EventStore } from "./EventStore.js"

describe.each(BACKENDS)("EventStore service on %s", (backendName) => {
  const backend = useBackend(backendName)
  it.live("opens under the scope, exposes typed failures, and closes the database when the scope ends", () =>
    Effect.gen(function*() {
      const target = yield* Effect.promise(() => backend.fresh())
      const scope = yield* Scope.make()
      const layer = backendName === "postgres" ? EventStore.layerPostgres(target.store, target) : EventStore.layerSqlite(target)
      const context = yield* Layer.buildWithScope(layer, scope)
      const store = Context.get(context, EventStore)

      yield* store.saveSnapshot("global", snapshot("s1111"))
      assert.strictEqual(yield* store.latestSnapshotId("global"), "s1111")
      const missing = yield* Effect.flip(store.loadSnapshot("global", "s0abc"))
      assert.strictEqual(missing._tag, "SnapshotNotFound")
      const session = yield* store.startSession({ name: "effect" })
      yield* store.appendInvocation({ invocationId: "i", namespace: session.session_id, events: [{ type: "command.start" }] })
      assert.strictEqual((yield* store.trace(session.session_id)).total_events, 2)

      yield* Scope.close(scope, Exit.void)
      assert.throws(() => store.core.readAll(), /not open|closed/)
      assert.strictEqual(store.core.driver === "postgres", backendName === "postgres")
      backend.cleanup()
    }))

  it.live("fails with InvalidHome for a relative AGENT_DESKTOP_HOME", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.scoped(Layer.build(EventStore.layer({ env: { AGENT_DESKTOP_HOME: "not/absolute" } }))))
      assert.strictEqual(error._tag, "InvalidHome")
    }))
})
