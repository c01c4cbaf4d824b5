import type { ObservedNode } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { containersToSearch, lookAlikeQuery, pagedOnly, unreadPaged } from "./beyondPage.js"

const node = (path: ReadonlyArray<number>, fields: Partial<ObservedNode> = {}, children?: ReadonlyArray<ObservedNode>): ObservedNode => ({
  role: "group", states: [], actions: [], path, handle: `h:${path.join("/")}`,
  childCount: children?.length ?? 0, ...(children === undefined ? {} : { children }), ...fields
})

/** A window with two big tables of 5,000 rows; the first read by its row 10 only, the second by its first row. */
const windowWith = (rowName?: string): ObservedNode => {
  const button = node([0, 10, 0], { role: "button", name: "Edit" })
  const row = node([0, 10], { role: "row", ...(rowName === undefined ? {} : { name: rowName }) }, [button])
  const first = node([0], { role: "table", paged: true }, [row])
  const other = node([1], { role: "table", paged: true }, [node([1, 0], { role: "row" })])
  return node([], { role: "window", name: "Tables" }, [{ ...first, childCount: 5_000 }, { ...other, childCount: 5_000 }])
}

describe("beyondPage", () => {
  it("lists the paged containers holding unread children", () => {
    assert.deepStrictEqual(unreadPaged(windowWith()).map((container) => container.path), [[0], [1]])
  })

  it("skips the ref's own container when its nearest named ancestor is above it (every other row is another place)", () => {
    assert.deepStrictEqual(containersToSearch(windowWith(), [0, 10, 0]).map((container) => container.path), [[1]])
  })

  it("searches the ref's own container when a named ancestor below it could be a look-alike", () => {
    assert.deepStrictEqual(containersToSearch(windowWith("pair"), [0, 10, 0]).map((container) => container.path), [[0], [1]])
  })

  it("leaves only the kept containers paged", () => {
    const root = windowWith()
    const kept = pagedOnly(root, [root.children![1]!])
    assert.isUndefined(kept.children![0]!.paged)
    assert.isTrue(kept.children![1]!.paged)
    assert.strictEqual(kept.children![0]!.children![0], root.children![0]!.children![0])
  })

  it("looks for the saved role and stable fields, narrowed by role and exact name", () => {
    const query = lookAlikeQuery({ pid: 1, role: "button", name: "Edit", bounds_hash: "", available_actions: [], source_app: "x", path: [0, 10, 0], handle: "", unique_at_capture: true })
    assert.deepStrictEqual(query.narrow, { role: "button", name: "Edit", exact: true })
    assert.isTrue(query.matches(node([1, 3, 0], { role: "button", name: "Edit" })))
    assert.isFalse(query.matches(node([1, 3, 0], { role: "button", name: "Edit 2" })))
  })
})
