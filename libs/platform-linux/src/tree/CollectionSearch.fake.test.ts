/**
 * The Collection route of a paged container's search, against a scripted app: one GetMatches for the container's
 * rows, names read only for what it returned, matches in the page the window read left to the engine, the match's
 * row read by its index alone; an app without Collection is searched by pages instead.
 */
import type { ObservedNode, PagedQuery } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../atspi/Roles.js"
import { fakeApp, fakeBus, fakeRef, type FakeObject } from "../atspi/testing/fakeApp.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { chromium } from "../toolkits/chromium/profile.js"
import { searchByCollection } from "./CollectionSearch.js"
import { TreeReader } from "./TreeReader.js"

const ROWS = 2_100
const profile = { ...chromium, bulkCacheSafe: false }

const table = (): Record<string, FakeObject> => {
  const objects: Record<string, FakeObject> = {
    "/table": { role: AtspiRole.table, name: "Rows", children: Array.from({ length: ROWS }, (_, i) => `/row${i}`) }
  }
  for (let i = 0; i < ROWS; i++) {
    objects[`/row${i}`] = { role: 90, children: [`/button${i}`] }
    // Two buttons share a name past the first page: both are found.
    objects[`/button${i}`] = { role: AtspiRole.pushButton, name: i === 2_080 ? "open 2050" : `open ${i}`, interfaces: ["Action"], actions: ["press"] }
  }
  return objects
}

const container: ObservedNode = {
  role: "table", name: "Rows", states: [], actions: [], path: [0], handle: `${fakeBus}|/table`, childCount: ROWS, paged: true,
  children: Array.from({ length: 2_000 }, (_, i) => ({ role: "row", states: [], actions: [], path: [0, i], handle: `${fakeBus}|/row${i}`, childCount: 1 }))
} as unknown as ObservedNode

const query = (name: string, limit = 0): PagedQuery => ({
  matches: (node) => node.role === "button" && (node.name ?? "").toLowerCase() === name,
  limit, fieldsOnly: true, narrow: { role: "button", name, exact: true }
})

const run = (objects: Record<string, FakeObject>, wanted: PagedQuery, collection = true) => {
  const calls: Array<string> = []
  const app = fakeApp(profile, objects, {
    record: (call) => {
      if (call.member === "GetMatches" || call.member === "Get" && call.body[1] === "Name") calls.push(call.member === "Get" ? `name ${call.path}` : call.member)
      return undefined
    },
    onSend: (member, path, body) => {
      if (member === "GetChildAtIndex") return [fakeBus, objects[path]!.children![Number(body[0])]!]
      if (member !== "GetMatches") return undefined
      if (!collection) throw new DbusCallError("remote", member, "org.freedesktop.DBus.Error.UnknownMethod", "no Collection")
      const roles = body[0] as ReadonlyArray<unknown>
      const wantsButtons = ((roles[4] as Array<number>)[AtspiRole.pushButton >> 5]! >>> (AtspiRole.pushButton & 31)) & 1
      const out: Array<[string, string]> = []
      for (let i = 0; i < ROWS; i++) {
        if (!wantsButtons) out.push([fakeBus, `/row${i}`])
        out.push([fakeBus, `/button${i}`])
      }
      return out
    }
  })
  const reader = new TreeReader(app.session)
  const read = new Set(Array.from({ length: 2_000 }, (_, i) => i))
  return searchByCollection(app.session, reader, container, fakeRef("/table"), read, wanted, Date.now() + 20_000, null, 0)
    .then((outcome) => ({ outcome, calls }))
}

describe("a paged container searched through Collection", () => {
  it("finds every match past the page read with one GetMatches, names read only for the buttons it returned", async () => {
    const { outcome, calls } = await run(table(), query("open 2050"))
    assert.isDefined(outcome)
    // Row 2,050's button and its namesake in row 2,080; never the one in the page read (the engine has those).
    const found = outcome!.found.map((chain) => chain.at(-1)!)
    assert.deepStrictEqual(found.map((node) => [node.name, node.path]), [["open 2050", [0, 2050, 0]], ["open 2050", [0, 2080, 0]]])
    assert.deepStrictEqual(found.map((node) => node.handle), [`${fakeBus}|/button2050`, `${fakeBus}|/button2080`])
    assert.isTrue(outcome!.complete)
    assert.strictEqual(calls.filter((call) => call === "GetMatches").length, 1)
    // Every returned button's name once, then the two matches' again as their rows are read whole.
    assert.strictEqual(calls.filter((call) => call.startsWith("name /button")).length, ROWS + 2)
    // Rows are read only where a match is: its two.
    assert.strictEqual(calls.filter((call) => call.startsWith("name /row")).length, 2)
  })

  it("leaves a match in the page the window read to the engine", async () => {
    const { outcome } = await run(table(), query("open 5"))
    assert.deepStrictEqual(outcome!.found, [])
    assert.isTrue(outcome!.complete)
  })

  it("is not used for a query with neither a role nor a name (every descendant would be read whole)", async () => {
    const { outcome, calls } = await run(table(), { ...query("open 2050"), narrow: { exact: true } })
    assert.isUndefined(outcome)
    assert.deepStrictEqual(calls, [])
  })

  it("answers undefined where the app serves no Collection (the caller reads pages)", async () => {
    const { outcome } = await run(table(), query("open 2050"), false)
    assert.isUndefined(outcome)
  })
})
