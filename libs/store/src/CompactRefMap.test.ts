import type { RefEntry } from "@agent-desktop/domain"
import { assert, describe, it } from "@effect/vitest"
import { afterEach, beforeEach } from "vitest"
import { BACKENDS, type FreshStore, useBackend } from "../test/backends.js"
import { entry, snapshot } from "../test/fixtures.js"
import { gridRefs } from "../test/gridRefs.js"
import { compactRefMap, compactRefMapBytes, expandRefMap } from "./CompactRefMap.js"
import { EventStoreCore, MAX_REFMAP_BYTES } from "./EventStoreCore.js"

describe("compactRefMap", () => {
  it("writes snapshot-wide fields once and expands to the same entries", () => {
    const refs = gridRefs(10, 3)
    const compact = compactRefMap(refs)
    assert.deepStrictEqual(compact.shared, {
      pid: 6417, process_instance: "linux-proc-v1:6417:411228", source_app: "fixture",
      source_window_id: "w-1.2-org-a11y-atspi-accessible-10", source_window_title: "Fixture grid"
    })
    assert.notInclude(JSON.stringify(compact.rows), "Fixture grid")
    assert.deepStrictEqual(expandRefMap(compact), refs)
  })

  it("keeps per entry what entries disagree on, and every optional field's presence", () => {
    const other: RefEntry = { ...entry("Other", [1]), pid: 99, source_window_title: "Elsewhere", root_ref: "@e1", value: "", states: [] }
    const { source_window_id: _dropped, ...noWindow } = entry("NoWindow", [2])
    const refs: Record<string, RefEntry> = { "@e1": entry("OK", [0]), "@e2": other, "@e3": noWindow }
    const compact = compactRefMap(refs)
    assert.deepStrictEqual(compact.shared, { source_app: "fixture" })
    assert.deepStrictEqual(expandRefMap(compact), refs)
    assert.deepStrictEqual(expandRefMap(compactRefMap({})), {})
  })

  it("handles entries whose field lists alternate, and fields present with no value", () => {
    const plain = gridRefs(8, 2)
    const keys = Object.keys(plain)
    const refs: Record<string, RefEntry> = {}
    keys.forEach((key, i) => {
      const base = plain[key]!
      // Every other entry adds a field, and one lists `value` without a value: shapes change from entry to entry.
      refs[key] = i % 2 === 1 ? { ...base, root_ref: "@e1" } : i === 4 ? ({ ...base, value: undefined } as unknown as RefEntry) : base
    })
    const expanded = expandRefMap(compactRefMap(refs))
    const { value: _none, ...withoutUndefined } = refs[keys[4]!]!
    assert.deepStrictEqual(expanded, { ...refs, [keys[4]!]: withoutUndefined })
  })

  it("gives every expanded entry its own arrays, even for interned values", () => {
    const expanded = expandRefMap(compactRefMap(gridRefs(10, 3)))
    assert.notStrictEqual(expanded["@e1"]!.available_actions, expanded["@e2"]!.available_actions)
    assert.deepStrictEqual(expanded["@e1"]!.available_actions, expanded["@e2"]!.available_actions)
  })

  it("expands a legacy plain RefMap as it is", () => {
    const refs = { "@e1": entry("OK", [0]) }
    assert.deepStrictEqual(expandRefMap(refs), refs)
  })
})

describe.each(BACKENDS)("large RefMaps in the store on %s", (backendName) => {
  const backend = useBackend(backendName)
  let target: FreshStore & { readonly home: string; readonly store: string }
  let store: EventStoreCore

  beforeEach(async () => {
    target = await backend.fresh()
    store = EventStoreCore.open(target)
  })
  afterEach(() => {
    store.close()
    backend.cleanup()
  })

  it("saves and loads a 1,000-row grid (3,000 refs) whose plain form is over 1 MiB", () => {
    const refs = gridRefs(1000, 3)
    assert.isAbove(Buffer.byteLength(JSON.stringify(refs)), 1024 * 1024)
    assert.isBelow(compactRefMapBytes(compactRefMap(refs)), MAX_REFMAP_BYTES)
    store.saveSnapshot("global", { ...snapshot("s1111"), refs, counter: 3000 })
    const loaded = store.loadSnapshot("global", "s1111")
    assert.strictEqual(Object.keys(loaded.refs).length, 3000)
    assert.deepStrictEqual(loaded.refs, refs)
  })

  it("drills into a large snapshot and keeps the rest intact", () => {
    const refs = gridRefs(1000, 3)
    store.saveSnapshot("global", { ...snapshot("s1111"), refs, counter: 3000 })
    const drilled = entry("Inside", [0, 0, 1, 0, 5, 0])
    const { keys, removed } = store.drillDown("global", "s1111", { root_ref: "@e6", entries: [drilled] })
    assert.deepStrictEqual([keys, removed], [["@e3001"], []])
    const loaded = store.loadSnapshot("global", "s1111")
    assert.deepStrictEqual(loaded.refs["@e3001"], { ...drilled, root_ref: "@e6" })
    assert.deepStrictEqual(loaded.refs["@e2999"], refs["@e2999"])
    const replayed = (store.rebuildProjections(), store.loadSnapshot("global", "s1111"))
    assert.deepStrictEqual(replayed, loaded)
  })

  it("still refuses a RefMap whose compact form is over the limit (4 MiB)", () => {
    const refs = gridRefs(1000, 3)
    for (const ref of Object.values(refs)) (ref as { name?: string }).name = `${ref.name} ${"x".repeat(1600)}`
    assert.strictEqual(tagOf(() => store.saveSnapshot("global", { ...snapshot("s1111"), refs, counter: 3000 })), "RefMapTooLarge")
  })

  it("replays a snapshot event written before the compact form", async () => {
    const refs = { "@e1": entry("Legacy", [0]) }
    await backend.raw(target, `INSERT INTO events (stream, seq, type, payload, time_ms, session_id) VALUES (?, 1, 'snapshot.saved', ?, 1, NULL)`,
      ["snapshot-global-s1111", JSON.stringify({ namespace: "global", ...snapshot("s1111", refs) })])
    store.rebuildProjections()
    assert.deepStrictEqual(store.loadSnapshot("global", "s1111").refs, refs)
  })
})

const tagOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    return (error as { _tag?: string })._tag
  }
  return undefined
}
