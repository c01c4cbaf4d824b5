import { assert, describe, it } from "@effect/vitest"
import { afterEach, beforeEach } from "vitest"
import { BACKENDS, type FreshStore, TEST_ORIGIN, useBackend } from "../test/backends.js"
import { entry, snapshot } from "../test/fixtures.js"
import { EventStoreCore, MAX_REFMAP_BYTES } from "./EventStoreCore.js"
import { MAX_SNAPSHOTS_PER_NAMESPACE, PRUNED_SNAPSHOTS_PER_NAMESPACE } from "./Projections.js"

describe.each(BACKENDS)("the store on %s", (backendName) => {
  const backend = useBackend(backendName)
  let target: FreshStore
  let clock: number
  let store: EventStoreCore

  beforeEach(async () => {
    target = await backend.fresh()
    clock = 1_700_000_000_000
    store = EventStoreCore.open({ ...target, now: () => clock })
  })
  afterEach(() => {
    store.close()
    backend.cleanup()
  })

  const tagOf = (run: () => unknown): string | undefined => {
    try {
      run()
    } catch (error) {
      return (error as { _tag?: string })._tag
    }
    return undefined
  }

  describe("events", () => {
    it("appends with gapless per-stream seqs and global positions", () => {
      store.append("invocation-a", [{ type: "command.start" }, { type: "command.end", payload: { ok: true } }])
      store.append("invocation-b", [{ type: "command.start", time_ms: 5 }])
      store.append("invocation-a", [{ type: "late" }])
      const a = store.readStream("invocation-a")
      assert.deepStrictEqual(a.map((e) => [e.seq, e.type]), [[1, "command.start"], [2, "command.end"], [3, "late"]])
      assert.deepStrictEqual(a[1]!.payload, { ok: true })
      assert.deepStrictEqual(store.readStream("invocation-a", { fromSeq: 3 }).map((e) => e.type), ["late"])
      const all = store.readAll()
      assert.deepStrictEqual(all.map((e) => e.position), [1, 2, 3, 4])
      assert.deepStrictEqual(all.map((e) => e.stream), ["invocation-a", "invocation-a", "invocation-b", "invocation-a"])
      assert.strictEqual(all[2]!.time_ms, 5)
      assert.strictEqual(all[0]!.time_ms, clock)
      assert.deepStrictEqual(store.readAll({ afterPosition: 2, limit: 1 }).map((e) => e.position), [3])
    })

    it("finds the most recently appended stream with a prefix", () => {
      assert.isUndefined(store.latestStream("wave-"))
      store.append("wave-a", [{ type: "init" }])
      store.append("wave-b", [{ type: "init" }])
      store.append("invocation-x", [{ type: "command.start" }])
      store.append("wave-a", [{ type: "result" }])
      assert.strictEqual(store.latestStream("wave-"), "wave-a")
    })

    it("expectedSeq: appends only when the stream is still at that seq (StreamConflict otherwise, nothing written)", () => {
      store.append("invocation-c", [{ type: "command.start", payload: { pid: 1 } }])
      store.append("invocation-c", [{ type: "command.end" }], { expectedSeq: 1 })
      assert.strictEqual(tagOf(() => store.append("invocation-c", [{ type: "command.end" }], { expectedSeq: 1 })), "StreamConflict")
      assert.deepStrictEqual(store.readStream("invocation-c").map((e) => e.type), ["command.start", "command.end"])
      assert.deepStrictEqual(store.openInvocations(), [])
      store.append("invocation-new", [{ type: "init" }], { expectedSeq: 0 })
      assert.strictEqual(tagOf(() => store.append("invocation-new", [{ type: "x" }], { expectedSeq: 0 })), "StreamConflict")
    })

    it("keeps the events after the store is reopened", () => {
      store.append("wave-1", [{ type: "init" }])
      store.close()
      store = EventStoreCore.open(target)
      assert.strictEqual(store.readStream("wave-1").length, 1)
    })
  })

  describe("snapshots", () => {
    it("saves, loads and tracks the latest per namespace", () => {
      store.saveSnapshot("global", snapshot("s1111"))
      assert.strictEqual(store.loadSnapshot("global", "s1111").created_at, clock)
      store.saveSnapshot("global", snapshot("s2222"))
      store.saveSnapshot("run-1", snapshot("s3333"))
      assert.deepStrictEqual(store.loadSnapshot("global", "s1111").refs["@e1"], entry("OK", [0]))
      assert.strictEqual(store.latestSnapshotId("global"), "s2222")
      assert.strictEqual(store.latestSnapshotId("run-1"), "s3333")
      assert.isUndefined(store.latestSnapshotId("run-2"))
    })

    it("finds the latest snapshot of one window (the base of snapshot --diff), per namespace", () => {
      const of = (id: string, windowId: string) => ({ ...snapshot(id), window: { id: windowId, title: "T" } })
      store.saveSnapshot("global", of("s1111", "w-a"))
      store.saveSnapshot("global", of("s2222", "w-b"))
      store.saveSnapshot("global", of("s3333", "w-a"))
      store.saveSnapshot("run-1", of("s4444", "w-b"))
      assert.strictEqual(store.latestSnapshotOfWindow("global", "w-a"), "s3333")
      assert.strictEqual(store.latestSnapshotOfWindow("global", "w-b"), "s2222")
      assert.strictEqual(store.latestSnapshotOfWindow("run-1", "w-b"), "s4444")
      assert.isUndefined(store.latestSnapshotOfWindow("run-1", "w-a"))
      // A drill-down makes its snapshot the window's latest again.
      store.drillDown("global", "s2222", { root_ref: "@e1", entries: [] })
      store.saveSnapshot("global", of("s5555", "w-b"))
      assert.strictEqual(store.latestSnapshotOfWindow("global", "w-b"), "s5555")
      store.drillDown("global", "s2222", { root_ref: "@e1", entries: [] })
      assert.strictEqual(store.latestSnapshotOfWindow("global", "w-b"), "s2222")
    })

    it("never looks across namespaces: unknown ids are SnapshotNotFound", () => {
      store.saveSnapshot("run-1", snapshot("s3333"))
      assert.strictEqual(tagOf(() => store.loadSnapshot("global", "s3333")), "SnapshotNotFound")
      assert.strictEqual(tagOf(() => store.loadSnapshot("run-1", "s0abc")), "SnapshotNotFound")
    })

    it("a drill-down replaces the refs under its root and continues the counter", () => {
      store.saveSnapshot("global", snapshot("s1111", {
        "@e1": entry("Panel", [0]),
        "@e2": entry("Old child", [0, 1]),
        "@e3": entry("Old grandchild", [0, 1, 0]),
        "@e4": entry("Sibling", [1])
      }))
      const result = store.drillDown("global", "s1111", { root_ref: "@e1", entries: [entry("New child", [0, 0]), entry("New 2", [0, 2])] })
      assert.deepStrictEqual(result, { keys: ["@e5", "@e6"], removed: ["@e2", "@e3"], counter: 6 })
      const loaded = store.loadSnapshot("global", "s1111")
      assert.deepStrictEqual(Object.keys(loaded.refs).sort(), ["@e1", "@e4", "@e5", "@e6"])
      assert.strictEqual(loaded.refs["@e5"]!.root_ref, "@e1")
      assert.strictEqual(loaded.counter, 6)
      assert.strictEqual(tagOf(() => store.drillDown("global", "s1111", { root_ref: "@e9", entries: [] })), "RootRefNotFound")
      assert.strictEqual(tagOf(() => store.drillDown("global", "s9999", { root_ref: "@e1", entries: [] })), "SnapshotNotFound")
    })

    it("refuses a RefMap over its limit (MAX_REFMAP_BYTES, 4 MiB)", () => {
      const big = entry("x".repeat(MAX_REFMAP_BYTES), [0])
      assert.strictEqual(tagOf(() => store.saveSnapshot("global", snapshot("s1111", { "@e1": big }))), "RefMapTooLarge")
      assert.strictEqual(store.readAll().length, 0)
    })

    it("keeps at most 128 per namespace, pruning the oldest to 96 and keeping the latest", () => {
      const ids = Array.from({ length: MAX_SNAPSHOTS_PER_NAMESPACE + 1 }, (_, i) => `s${String(i).padStart(4, "0")}`)
      for (const id of ids.slice(0, MAX_SNAPSHOTS_PER_NAMESPACE)) store.saveSnapshot("global", snapshot(id))
      store.saveSnapshot("run-1", snapshot("s_other"))
      assert.strictEqual(store.latestSnapshotId("global"), ids[MAX_SNAPSHOTS_PER_NAMESPACE - 1])
      store.saveSnapshot("global", snapshot(ids[MAX_SNAPSHOTS_PER_NAMESPACE]!))
      const pruned = ids.length - PRUNED_SNAPSHOTS_PER_NAMESPACE
      for (const id of ids.slice(0, pruned)) {
        assert.strictEqual(tagOf(() => store.loadSnapshot("global", id)), "SnapshotNotFound", id)
        assert.strictEqual(store.readStream(`snapshot-global-${id}`).length, 0)
      }
      for (const id of ids.slice(pruned)) assert.strictEqual(store.loadSnapshot("global", id).snapshot_id, id)
      assert.strictEqual(store.latestSnapshotId("global"), ids[MAX_SNAPSHOTS_PER_NAMESPACE])
      assert.strictEqual(store.loadSnapshot("run-1", "s_other").snapshot_id, "s_other")
    })
  })

  describe("sessions", () => {
    it("starts with a generated run id or a user id, lists oldest first, ends once", () => {
      const generated = store.startSession({ name: "demo" })
      assert.match(generated.session_id, new RegExp(`^run-${clock}-${process.pid}-\\d+$`))
      assert.deepStrictEqual(generated, {
        session_id: generated.session_id, name: "demo", created_at: clock, ended_at: null, trace: "on", artifacts: "events", host: TEST_ORIGIN.host
      })
      clock += 10
      const mine = store.startSession({ id: "my_run-2", trace: false })
      assert.deepStrictEqual([mine.trace, mine.artifacts], ["off", "events"])
      assert.strictEqual(store.startSession({ screenshots: true }).artifacts, "full")
      assert.deepStrictEqual(store.listSessions().slice(0, 2).map((s) => s.session_id), [generated.session_id, "my_run-2"])
      clock += 10
      assert.deepStrictEqual(store.endSession("my_run-2"), { session_id: "my_run-2", ended_at: clock })
      clock += 10
      assert.deepStrictEqual(store.endSession("my_run-2"), { session_id: "my_run-2", ended_at: clock - 10 })
      assert.strictEqual(store.getSession("my_run-2")!.ended_at, clock - 10)
    })

    it("rejects bad, reserved and duplicate ids; ending an unknown session fails", () => {
      assert.strictEqual(tagOf(() => store.startSession({ id: "bad id" })), "InvalidSessionId")
      assert.strictEqual(tagOf(() => store.startSession({ id: "x".repeat(65) })), "InvalidSessionId")
      assert.strictEqual(tagOf(() => store.startSession({ id: "global" })), "InvalidSessionId")
      store.startSession({ id: "dup" })
      assert.strictEqual(tagOf(() => store.startSession({ id: "dup" })), "SessionExists")
      assert.strictEqual(tagOf(() => store.endSession("nope")), "SessionNotFound")
    })

    it("gc removes ended sessions, or idle ones with --older-than, with their snapshots and trace", () => {
      store.startSession({ id: "ended" })
      store.saveSnapshot("ended", snapshot("s1111"))
      store.appendInvocation({ invocationId: "i1", namespace: "ended", events: [{ type: "command.start" }] })
      store.endSession("ended")
      store.startSession({ id: "idle" })
      store.startSession({ id: "busy" })
      clock += 120_000
      store.appendInvocation({ invocationId: "i2", namespace: "busy", events: [{ type: "command.start" }] })

      assert.deepStrictEqual(store.gcSessions(), ["ended"])
      assert.strictEqual(tagOf(() => store.loadSnapshot("ended", "s1111")), "SnapshotNotFound")
      assert.strictEqual(store.readStream("invocation-i1").length, 0)
      assert.strictEqual(store.readStream("snapshot-ended-s1111").length, 0)
      assert.strictEqual(store.readStream("session-ended").length, 0)

      assert.deepStrictEqual(store.gcSessions({ olderThanMs: 300_000 }), [])
      assert.deepStrictEqual(store.gcSessions({ olderThanMs: 60_000 }), ["idle"])
      assert.deepStrictEqual(store.gcSessions({ olderThanMs: 0 }), [])
      assert.deepStrictEqual(store.listSessions().map((s) => s.session_id), ["busy"])
    })
  })

  describe("trace", () => {
    it("holds a tracing session's events while it is open, newest `limit` in order, redacted", () => {
      store.startSession({ id: "t1" })
      store.startSession({ id: "quiet", trace: false })
      for (let i = 0; i < 5; i++) {
        store.appendInvocation({
          invocationId: `i${i}`,
          namespace: "t1",
          events: [{ type: "command.start", payload: { command: "type", text: `secret ${i}` }, ts_ms: 100 + i }, { type: "action.dispatch.ok" }]
        })
      }
      store.appendInvocation({ invocationId: "q", namespace: "quiet", events: [{ type: "command.start" }] })
      store.appendInvocation({ invocationId: "g", namespace: "global", events: [{ type: "command.start" }] })
      store.endSession("t1")
      store.appendInvocation({ invocationId: "after", namespace: "t1", events: [{ type: "command.start" }] })

      const all = store.trace("t1", { limit: 0 })
      assert.strictEqual(all.total_events, 12)
      assert.deepStrictEqual([all.events[0]!.type, all.events[11]!.type], ["session.started", "session.ended"])

      const tail = store.trace("t1", { limit: 3, prefix: "command." })
      assert.deepStrictEqual([tail.total_events, tail.matched_events, tail.returned_events, tail.truncated], [12, 5, 3, true])
      assert.deepStrictEqual(tail.events.map((e) => e.time_ms), [102, 103, 104])
      assert.deepStrictEqual(tail.events[0]!.payload, { command: "type", text: { redacted: true } })
      assert.deepStrictEqual(store.trace("t1", { limit: 1, prefix: "command.", redact: false }).events[0]!.payload, { command: "type", text: "secret 4" })

      assert.strictEqual(store.trace("quiet").total_events, 0)
      assert.strictEqual(tagOf(() => store.trace("nope")), "SessionNotFound")
    })
  })

  describe("projections read only the store's own streams", () => {
    it("an invocation event named snapshot.saved or session.started touches no table, live or on replay", () => {
      store.saveSnapshot("global", snapshot("s1111"))
      const forged = { namespace: "global", ...snapshot("s2222", { "@e1": entry("Forged", [9]) }) }
      store.appendInvocation({
        invocationId: "i1",
        namespace: "global",
        events: [
          { type: "snapshot.saved", payload: forged },
          { type: "snapshot.root.saved", payload: { namespace: "global", snapshot_id: "s1111", root_ref: "@e1", removed: ["@e1"], added: {}, counter: 9 } },
          { type: "session.started", payload: { session_id: "ghost", trace: "on", artifacts: "events", created_at: 1 } },
          { type: "snapshot.saved", payload: "not an object" }
        ]
      })
      store.append("wave-x", [{ type: "snapshot.saved", payload: forged }, { type: "session.ended", payload: { session_id: "ghost", ended_at: 2 } }])
      const check = () => {
        assert.strictEqual(tagOf(() => store.loadSnapshot("global", "s2222")), "SnapshotNotFound")
        assert.strictEqual(store.latestSnapshotId("global"), "s1111")
        const kept = store.loadSnapshot("global", "s1111")
        assert.deepStrictEqual([Object.keys(kept.refs), kept.counter], [["@e1"], 1])
        assert.isUndefined(store.getSession("ghost"))
      }
      check()
      store.rebuildProjections()
      check()
    })

    it("refuses a public append to a snapshot or session stream", () => {
      assert.strictEqual(tagOf(() => store.append("snapshot-global-s2222", [{ type: "snapshot.saved", payload: {} }])), "StoreFailure")
      assert.strictEqual(tagOf(() => store.append("session-x", [{ type: "session.started", payload: {} }])), "StoreFailure")
      assert.strictEqual(store.readAll().length, 0)
    })
  })

  describe("fleet views", () => {
    it("filter sessions and traces by machine, app and outcome; the invocations projection rebuilds alike", () => {
      const elsewhere = EventStoreCore.open({ ...target, origin: { host: "machine-b", desktop: ":7" }, now: () => clock })
      try {
        store.startSession({ id: "here" })
        elsewhere.startSession({ id: "there" })
        const invoke = (on: EventStoreCore, id: string, session: string, events: ReadonlyArray<{ type: string; payload?: unknown }>) =>
          on.appendInvocation({ invocationId: id, namespace: session, events })
        invoke(store, "a", "here", [
          { type: "command.start", payload: { command: "snapshot", args: { app: "gedit" }, pid: 1 } },
          { type: "command.end", payload: { command: "snapshot", ok: true } }
        ])
        invoke(elsewhere, "b", "there", [
          { type: "command.start", payload: { command: "click", args: { ref: "@s1:e1" }, pid: 2 } },
          { type: "ref.resolve.entry", payload: { ref: "@s1:e1", role: "button", app: "calc" } },
          { type: "action.dispatch.ok", payload: { action: "click", delivery: "delivered_unverified" } },
          { type: "command.end", payload: { command: "click", ok: true } }
        ])
        invoke(elsewhere, "c", "there", [
          { type: "command.start", payload: { command: "type", args: { app: "calc" }, pid: 2 } },
          { type: "command.end", payload: { command: "type", ok: false, code: "POLICY_DENIED", disposition: { delivery: "not_delivered" } } }
        ])
        const ids = (filter: Parameters<EventStoreCore["listSessions"]>[0]) => store.listSessions(filter).map((s) => s.session_id)
        const view = () => ({
          all: ids({}),
          byHost: [ids({ host: "test-host" }), ids({ host: "machine-b" }), ids({ host: "nowhere" })],
          byApp: [ids({ app: "gedit" }), ids({ app: "calc" })],
          byOutcome: [ids({ outcome: "delivered_unverified" }), ids({ outcome: "POLICY_DENIED" }), ids({ outcome: "error" }), ids({ outcome: "open" })],
          trace: store.trace("there", { filter: { outcome: "POLICY_DENIED" } }).events.map((e) => [e.stream, e.type, e.host]),
          counts: (({ total_events, matched_events }) => [total_events, matched_events])(store.trace("there", { filter: { app: "calc", outcome: "ok" } }))
        })
        const expected = {
          all: ["here", "there"],
          byHost: [["here"], ["there"], []],
          byApp: [["here"], ["there"]],
          byOutcome: [["there"], ["there"], ["there"], []],
          trace: [["invocation-c", "command.start", "machine-b"], ["invocation-c", "command.end", "machine-b"]],
          counts: [7, 4]
        }
        assert.deepStrictEqual(view(), expected)
        store.rebuildProjections()
        assert.deepStrictEqual(view(), expected)
        assert.strictEqual(store.getSession("there")?.host, "machine-b")
        // `wave -c` continues this machine's latest conversation, not the one another machine wrote last.
        store.append("wave-mine", [{ type: "init" }])
        elsewhere.append("wave-theirs", [{ type: "init" }])
        assert.deepStrictEqual([store.latestStream("wave-"), elsewhere.latestStream("wave-")], ["wave-mine", "wave-theirs"])
      } finally {
        elsewhere.close()
      }
    })
  })

  describe("rebuildProjections", () => {
    it("recreates snapshots, sessions and traces exactly from the events", () => {
      store.startSession({ id: "s" })
      store.saveSnapshot("s", snapshot("s1111", { "@e1": entry("Panel", [0]), "@e2": entry("Child", [0, 0]) }))
      store.drillDown("s", "s1111", { root_ref: "@e1", entries: [entry("New", [0, 1])] })
      for (let i = 0; i < 130; i++) store.saveSnapshot("global", snapshot(`s${String(i).padStart(4, "0")}`))
      store.appendInvocation({ invocationId: "i", namespace: "s", events: [{ type: "command.start", payload: { name: "x" } }] })
      store.endSession("s")
      store.startSession({ id: "open", name: "still open" })

      const view = () => ({
        sessions: store.listSessions(),
        drilled: store.loadSnapshot("s", "s1111"),
        latest: [store.latestSnapshotId("global"), store.latestSnapshotId("s")],
        kept: Array.from({ length: 130 }, (_, i) => `s${String(i).padStart(4, "0")}`).filter((id) => {
          try {
            store.loadSnapshot("global", id)
            return true
          } catch {
            return false
          }
        }),
        trace: store.trace("s", { limit: 0 })
      })
      const before = view()
      assert.strictEqual(before.kept.length, 130 - (MAX_SNAPSHOTS_PER_NAMESPACE + 1 - PRUNED_SNAPSHOTS_PER_NAMESPACE))
      const { events } = store.rebuildProjections()
      assert.strictEqual(events, store.readAll().length)
      assert.deepStrictEqual(view(), before)
    })
  })
})
