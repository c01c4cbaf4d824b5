import { assert, describe, it } from "@effect/vitest"
import { captureIdentities } from "./captureIdentities.js"
import { refEntryFor, type RefNode } from "./refEntryFor.js"
import { resolveBeyondPage } from "./resolveBeyondPage.js"

/** A row of a big table: `anchor` names the group around its button (a look-alike ancestor when two rows share it). */
const row = (path: ReadonlyArray<number>, button: string, anchor?: string): RefNode => {
  const leaf: RefNode = { role: "button", name: button, path: [...path, 0, 0], states: [], actions: ["Click"], handle: "b", childCount: 0, children: [] }
  const group: RefNode = {
    role: "group", ...(anchor === undefined ? {} : { name: anchor }), path: [...path, 0], states: [], actions: [], handle: "g", childCount: 1,
    children: [leaf]
  }
  return { role: "row", path, states: [], actions: [], handle: "r", childCount: 1, children: [group] }
}

/** A window holding a table of 5,000 rows of which `rows` were read (a page, or a page plus look-alikes found). */
const window = (rows: ReadonlyArray<RefNode>): RefNode => {
  const table: RefNode = { role: "table", path: [0], states: [], actions: [], handle: "t", childCount: 5_000, children: rows }
  return { role: "window", name: "Table", path: [], states: [], actions: [], handle: "w", childCount: 1, children: [table] }
}

const buttonOf = (root: RefNode, rowIndex: number): RefNode =>
  root.children![0]!.children!.find((r) => r.path[1] === rowIndex)!.children![0]!.children![0] as RefNode

/** The ref as a snapshot of the page saves it: proven unique against the page only. */
const captureInPage = (page: RefNode, rowIndex: number) => {
  const node = buttonOf(page, rowIndex)
  const { identities } = captureIdentities(page, [node], { complete: true })
  assert.isTrue(identities[0]!.unique_at_capture)
  return refEntryFor(node, { pid: 1, app: "fixture" }, identities[0]!)
}

describe("resolveBeyondPage", () => {
  it("a look-alike beyond the page in a look-alike named ancestor at the same place is a true twin", () => {
    const entry = captureInPage(window([row([0, 10], "dup", "pair"), row([0, 11], "open 11")]), 10)
    const live = window([row([0, 10], "dup", "pair"), row([0, 4_300], "dup", "pair")])
    const resolution = resolveBeyondPage(entry, live, { complete: true })
    assert.strictEqual(resolution._tag, "Twin")
  })

  it("a look-alike beyond the page at another place (unnamed rows) leaves the ref at its saved place", () => {
    const entry = captureInPage(window([row([0, 10], "edit"), row([0, 11], "open 11")]), 10)
    const live = window([row([0, 10], "edit"), row([0, 4_300], "edit")])
    const resolution = resolveBeyondPage(entry, live, { complete: true })
    assert.strictEqual(resolution._tag, "Unique")
    if (resolution._tag === "Unique") assert.deepStrictEqual(resolution.node.path, [0, 10, 0, 0])
  })

  it("no look-alike beyond the page: unique as before", () => {
    const entry = captureInPage(window([row([0, 10], "dup", "pair")]), 10)
    const resolution = resolveBeyondPage(entry, window([row([0, 10], "dup", "pair")]), { complete: true })
    assert.strictEqual(resolution._tag, "Unique")
  })

  it("a search that could not finish proves nothing", () => {
    const entry = captureInPage(window([row([0, 10], "dup", "pair")]), 10)
    const resolution = resolveBeyondPage(entry, window([row([0, 10], "dup", "pair")]), { complete: false })
    assert.strictEqual(resolution._tag, "Unknown")
  })

  it("a structure changed around the saved place is ambiguous, not taken", () => {
    const entry = captureInPage(window([row([0, 10], "edit")]), 10)
    const live = window([row([0, 10], "edit"), row([0, 4_300], "edit")])
    const grown = { ...live, children: [{ ...live.children![0]!, childCount: 5_001 }] } as RefNode
    assert.strictEqual(resolveBeyondPage(entry, grown, { complete: true })._tag, "Ambiguous")
  })
})
