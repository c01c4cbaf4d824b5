/**
 * The child limit through the snapshot command: -i's default of 50, --max-children, paging a cut container with
 * `--root REF --children-from K` (also when the container is one of two unnamed look-alikes), find reaching every
 * row, and an action on a paged-in ref. Every envelope is validated against the strict 2.6 schema.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { Spec } from "../test/ScriptedAdapter.js"
import { scriptedEngine, strictEnvelope } from "../test/scriptedEngine.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-paging-"))

const row = (i: number): Spec => ({ role: "row", children: [{ role: "statictext", name: `row ${i}` }, { role: "button", name: `button ${i}`, actions: ["Click"] }] })
/**
 * A page with a small and a big unnamed table, each the only child of a section named "Results": true twins (the
 * same place below look-alike named ancestors), so neither table can be proven unique.
 */
const results = (table: Spec): Spec => ({ role: "group", name: "Results", children: [table] })
const PAGE: Spec = {
  role: "window",
  name: "Page",
  children: [
    results({ role: "table", children: [row(-1), row(-2)] }),
    results({ role: "table", children: Array.from({ length: 120 }, (_, i) => row(i)) })
  ]
}

const setup = () => scriptedEngine(PAGE, home)

const checked = (envelope: { ok: boolean }) =>
  strictEnvelope(envelope) as unknown as { ok: boolean; data: Record<string, any>; error: Record<string, any> }
const data = (envelope: { ok: boolean }) => {
  const e = checked(envelope)
  if (!e.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`)
  return e.data
}

const bigTable = (tree: any) => tree["children"][1]["children"][0]
/** The button of each printed row (-i leaves out the rows' text). */
const buttonOf = (row: any) => row["children"].find((child: any) => child["role"] === "button")
const names = (table: any): Array<string> => table["children"].map((r: any) => buttonOf(r)["name"])

describe("snapshot --max-children", () => {
  it.live("-i prints 50 rows by default; the cut table has a ref, its count and the next page's command; complete stays true", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp", interactive_only: true, compact: true } }))
      assert.isTrue(snap["complete"])
      const table = bigTable(snap["tree"])
      assert.strictEqual(table["children"].length, 50)
      assert.strictEqual(table["children_count"], 120)
      // A page anchor that is a true twin says both: how to page it, and that it is no action target.
      const [paging, twin] = String(table["hint"]).split("; twin: ")
      assert.strictEqual(paging, `children 0-49 of 120 with refs shown; next: snapshot --root ${table["ref_id"]} --children-from 50 -i --compact --max-children 50; or find`)
      assert.include(twin, "actions on this ref are refused")
      // Refs: the big table, its 50 buttons, the 2 buttons of the small table; none for the 70 rows left out.
      assert.strictEqual(snap["ref_count"], 53)
      const all = data(yield* run({ command: "snapshot", args: { app: "testapp", interactive_only: true, compact: true, max_children: 0 } }))
      assert.strictEqual(all["ref_count"], 122)
      assert.notProperty(bigTable(all["tree"]), "hint")
      // Without -i nothing is limited unless asked.
      assert.strictEqual(bigTable(data(yield* run({ command: "snapshot", args: { app: "testapp" } }))["tree"])["children"].length, 120)
    }))

  it.live("pages the unnamed table by its place; a paged-in ref acts; the table's own ref refuses actions", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const snap = data(yield* run({ command: "snapshot", args: { app: "testapp", interactive_only: true, compact: true } }))
      const anchor = bigTable(snap["tree"])["ref_id"] as string
      const page = data(yield* run({ command: "snapshot", args: { root: anchor, children_from: 100, interactive_only: true, compact: true } }))
      assert.strictEqual(page["snapshot_id"], snap["snapshot_id"])
      assert.strictEqual(page["tree"]["ref_id"], anchor, "every page names the container by the ref the agent passed")
      assert.deepStrictEqual(names(page["tree"]), Array.from({ length: 20 }, (_, i) => `button ${100 + i}`))
      assert.match(page["tree"]["hint"], /^children 100-119 of 120 with refs shown; first page: /)
      const button = buttonOf(page["tree"]["children"][17])
      const clicked = data(yield* run({ command: "click", args: { ref_id: button["ref_id"] } }))
      assert.isDefined(clicked["disposition"])
      assert.strictEqual(adapter.acts.at(-1)!.handle, "h:1/0/117/1")
      // The anchor is a read target, not an action target: it was never proven unique, and its node says so.
      const refused = checked(yield* run({ command: "click", args: { ref_id: anchor } }))
      assert.isFalse(refused.ok)
      assert.strictEqual(refused.error["details"]["kind"], "identity_not_unique")
      assert.include(bigTable(snap["tree"])["hint"], "twin: ")
      // The structure above it changed: its place proves nothing any more, and the page is refused.
      adapter.tree = { ...PAGE, children: [{ role: "heading", name: "new" }, ...PAGE.children!] }
      const moved = checked(yield* run({ command: "snapshot", args: { root: anchor, children_from: 50, interactive_only: true } }))
      assert.isFalse(moved.ok)
      assert.strictEqual(moved.error["code"], "STALE_REF")
      assert.strictEqual(moved.error["details"]["kind"], "saved_ref_absent")
      assert.include(moved.error["suggestion"], "snapshot again")
    }))

  it.live("find reaches a row the limit left out", () =>
    Effect.gen(function*() {
      const { adapter, run } = setup()
      const found = data(yield* run({ command: "find", args: { app: "testapp", role: "button", name: "button 99", exact: true, first: true } }))
      data(yield* run({ command: "click", args: { ref_id: found["match"]["ref_id"] } }))
      assert.strictEqual(adapter.acts.at(-1)!.handle, "h:1/0/99/1")
    }))

  it.live("--children-from without --root is refused", () =>
    Effect.gen(function*() {
      const { run } = setup()
      const refused = checked(yield* run({ command: "snapshot", args: { app: "testapp", children_from: 50 } }))
      assert.isFalse(refused.ok)
      assert.strictEqual(refused.error["code"], "INVALID_ARGS")
    }))
})
