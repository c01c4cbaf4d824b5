/**
 * Whole-container uniqueness through the engine (click on refs from `find` in a table read by one page): a true twin
 * beyond the page is refused with nothing sent; a unique row beyond the page acts; a look-alike search that cannot
 * finish is resolution_identity_unknown, never a guess. The platform's paging is the scripted adapter's (`pageSize`).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { Spec } from "../test/ScriptedAdapter.js"
import { scriptedEngine } from "../test/scriptedEngine.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-beyond-"))

/** Rows 1 and 8 hold a "dup" button in a group named "pair" (true twins); every other row an "open I" button in a named cell. */
const row = (i: number): Spec => i === 1 || i === 8
  ? { role: "row", children: [{ role: "group", name: "pair", children: [{ role: "button", name: "dup", actions: ["Click"] }] }] }
  : { role: "row", children: [{ role: "cell", name: `open ${i}`, children: [{ role: "button", name: `open ${i}`, actions: ["Click"] }] }] }
const PAGE: Spec = { role: "window", name: "Page", children: [{ role: "table", children: Array.from({ length: 10 }, (_, i) => row(i)) }] }

const setup = () => {
  const engine = scriptedEngine(PAGE, home)
  engine.adapter.pageSize = 5
  return engine
}

const refOf = (envelope: any): string => {
  assert.isTrue(envelope.ok, JSON.stringify(envelope))
  return envelope.data.match.ref_id as string
}

describe("an action on a ref in a table read by one page", () => {
  it.live("is refused when a true twin lies beyond the page (nothing sent)", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const ref = refOf(yield* run({ command: "find", args: { app: "testapp", role: "button", name: "dup", exact: true, first: true } }))
      assert.strictEqual(adapter.pagedSearches, 0, "the page held the match: find searched no further")
      const clicked: any = yield* run({ command: "click", args: { ref_id: ref } })
      assert.isFalse(clicked.ok)
      assert.strictEqual(clicked.error.code, "AMBIGUOUS_TARGET")
      assert.strictEqual(clicked.error.details.kind, "identity_not_unique")
      assert.isTrue(clicked.error.details.beyond_page)
      assert.strictEqual(adapter.acts.length, 0)
    }))

  it.live("acts on a unique row beyond the page and on a unique row in it", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      for (const name of ["open 7", "open 3"]) {
        const ref = refOf(yield* run({ command: "find", args: { app: "testapp", role: "button", name, exact: true, first: true } }))
        const clicked: any = yield* run({ command: "click", args: { ref_id: ref } })
        assert.isTrue(clicked.ok, JSON.stringify(clicked))
      }
      assert.deepStrictEqual(adapter.acts.map((act) => act.handle), ["h:0/7/0/0", "h:0/3/0/0"])
    }))

  it.live("says its identity is unknown when the search for look-alikes cannot finish", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const ref = refOf(yield* run({ command: "find", args: { app: "testapp", role: "button", name: "open 3", exact: true, first: true } }))
      adapter.pagedSearchIncomplete = true
      const clicked: any = yield* run({ command: "click", args: { ref_id: ref } })
      assert.isFalse(clicked.ok)
      assert.strictEqual(clicked.error.code, "TIMEOUT")
      assert.strictEqual(clicked.error.details.kind, "resolution_identity_unknown")
      assert.strictEqual(clicked.error.details.reason, "paged_search_incomplete")
      assert.strictEqual(adapter.acts.length, 0)
    }))
})
