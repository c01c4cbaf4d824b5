/**
 * The cell-by-cell route of a paged table's search, against a scripted app whose profile says its rows by index cost
 * more the further down they sit: cells asked by position, each cell's descendants by a Collection call on the cell
 * (never on the table), names read only for what those returned, the match's row read by its index alone.
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { fakeApp, fakeBus, fakeRef, type FakeObject } from "../atspi/testing/fakeApp.js"
import { chromium } from "../toolkits/chromium/profile.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { searchByTable } from "./TableSearch.js"
import { TreeReader } from "./TreeReader.js"

const ROWS = 4_100
const READ = 2_000

const table = (): Record<string, FakeObject> => {
  const objects: Record<string, FakeObject> = {
    "/table": { role: AtspiRole.table, name: "Rows", tableSize: [ROWS, 2], children: Array.from({ length: ROWS }, (_, i) => `/row${i}`) }
  }
  for (let i = 0; i < ROWS; i++) {
    objects[`/row${i}`] = { role: 90, children: [`/cell${i}_0`, `/cell${i}_1`] }
    objects[`/cell${i}_0`] = { role: AtspiRole.tableCell, name: `row ${i}` }
    objects[`/cell${i}_1`] = { role: AtspiRole.tableCell, children: [`/button${i}`] }
    // Two buttons share a name past the first page: both are found.
    objects[`/button${i}`] = { role: AtspiRole.pushButton, name: i === 4_080 ? "open 2050" : `open ${i}`, interfaces: ["Action"], actions: ["press"] }
  }
  return objects
}

const container: ObservedNode = {
  role: "table", name: "Rows", states: [], actions: [], path: [0], handle: `${fakeBus}|/table`, childCount: ROWS, paged: true,
  children: Array.from({ length: READ }, (_, i) => ({ role: "row", states: [], actions: [], path: [0, i], handle: `${fakeBus}|/row${i}`, childCount: 2 }))
} as unknown as ObservedNode

const query = (name: string, limit = 0): PagedQuery => ({
  matches: (node) => node.role === "button" && (node.name ?? "").toLowerCase() === name,
  limit, fieldsOnly: true, narrow: { role: "button", name, exact: true }
})

const run = (wanted: PagedQuery, profile: ToolkitProfile = { ...chromium, bulkCacheSafe: false }) => {
  const objects = table()
  const calls: Array<string> = []
  const app = fakeApp(profile, objects, {
    record: (call) => {
      if (call.member === "GetMatches" || call.member === "GetAccessibleAt") calls.push(`${call.member} ${call.path}`)
      else if (call.member === "Get" && call.body[1] === "Name") calls.push(`name ${call.path}`)
      return undefined
    },
    onSend: (member, path, body) => {
      if (member === "GetChildAtIndex") return [fakeBus, objects[path]!.children![Number(body[0])]!]
      if (member === "GetAccessibleAt") return [fakeBus, `/cell${Number(body[0])}_${Number(body[1])}`]
      if (member !== "GetMatches") return undefined
      const rule = body[0] as ReadonlyArray<unknown>
      const wantsButtons = ((rule[4] as Array<number>)[AtspiRole.pushButton >> 5]! >>> (AtspiRole.pushButton & 31)) & 1
      return (objects[path]!.children ?? []).filter((child) => wantsButtons && child.startsWith("/button")).map((child) => [fakeBus, child])
    }
  })
  const reader = new TreeReader(app.session)
  const read = new Set(Array.from({ length: READ }, (_, i) => i))
  return searchByTable(app.session, reader, container, fakeRef("/table"), read, wanted, Date.now() + 20_000, 0)
    .then((outcome) => ({ outcome, calls }))
}

describe("a paged table searched cell by cell", () => {
  it("finds every match past the page read by asking cells by position, never the table's Collection", async () => {
    const { outcome, calls } = await run(query("open 2050"))
    assert.isDefined(outcome)
    const found = outcome!.found.map((chain) => chain.at(-1)!)
    assert.deepStrictEqual(found.map((node) => [node.name, node.path]), [["open 2050", [0, 2050, 1, 0]], ["open 2050", [0, 4080, 1, 0]]])
    assert.isTrue(outcome!.complete)
    assert.strictEqual(outcome!.searched, ROWS - READ)
    assert.strictEqual(calls.filter((call) => call === "GetMatches /table").length, 0)
    assert.strictEqual(calls.filter((call) => call.startsWith("GetAccessibleAt /table")).length, ROWS * 2)
    // Names are read for the buttons the cells returned (not for the text cells: buttons were asked), then the matches' again.
    assert.strictEqual(calls.filter((call) => call.startsWith("name /button")).length, ROWS + 2)
    assert.strictEqual(calls.filter((call) => call.startsWith("name /cell")).length, 2 * 2)
  })

  it("stops asking cells once it has enough matches", async () => {
    const { outcome, calls } = await run(query("open 2050", 1))
    assert.deepStrictEqual(outcome!.found.map((chain) => chain.at(-1)!.path), [[0, 2050, 1, 0]])
    assert.isFalse(outcome!.complete)
    assert.isBelow(calls.filter((call) => call.startsWith("GetAccessibleAt")).length, ROWS * 2)
  })

  it("leaves a match in the page the window read to the engine", async () => {
    const { outcome } = await run(query("open 5"))
    assert.deepStrictEqual(outcome!.found, [])
    assert.isTrue(outcome!.complete)
  })

  it("is not used where the toolkit answers rows by index as fast (the Collection route applies)", async () => {
    const { outcome, calls } = await run(query("open 2050"), { ...chromium, bulkCacheSafe: false, tableCellsByPosition: false })
    assert.isUndefined(outcome)
    assert.deepStrictEqual(calls, [])
  })
})
