/** The hint of a paged container: the page shown by child index, the command for the next, and what its refs mean. */
import type { ObservedNode } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { pagedHint } from "./childWindow.js"

const row = (i: number) => ({ role: "row", states: [], actions: [], path: [0, i], handle: `h${i}`, childCount: 1 }) as unknown as ObservedNode
const table = { role: "table", states: [], actions: [], path: [0], handle: "t", childCount: 50_000, paged: true } as unknown as ObservedNode

describe("a paged container's hint", () => {
  it("counts by child index, names the next page's command, and says its refs are checked against the other pages", () => {
    const hint = pagedHint(table, [row(0), row(1), row(49)], "@s1:e7", { interactiveOnly: true, compact: true, maxChildren: 50 })
    assert.strictEqual(hint, "children 0-49 of 50000 shown (by index: more than one read takes); " +
      "next: snapshot --root @s1:e7 --children-from 50 -i --compact --max-children 50; or find; " +
      "a ref here is checked against the other pages before an action")
  })

  it("points back to the first page from the last", () => {
    const hint = pagedHint(table, [row(49_999)], "@s1:e7", { interactiveOnly: false, compact: false })
    assert.match(hint, /^children 49999 of 50000 shown .*first page: snapshot --root @s1:e7 --children-from 0; or find; /)
  })
})
