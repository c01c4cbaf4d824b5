import { assert, describe, it } from "@effect/vitest"
import type { IdentityNode } from "./IdentityNode.js"
import { indexWindow, nodeAtPath, pathChildCounts } from "./WindowIndex.js"

const node = (role: string, path: ReadonlyArray<number>, childCount: number, children?: ReadonlyArray<IdentityNode>): IdentityNode => ({
  role,
  name: `${role} ${path.join(".")}`,
  path,
  childCount,
  ...(children === undefined ? {} : { children })
})

// A window whose list left its hidden child 1 out: the child at index 2 is the list's second read child.
const window = node("window", [], 2, [
  node("panel", [0], 1, [node("button", [0, 0], 0)]),
  node("list", [1], 3, [node("item", [1, 0], 0), node("item", [1, 2], 4, [node("label", [1, 2, 3], 0)])])
])

describe("WindowIndex", () => {
  it("finds a node by its path, also behind a sibling the platform left out", () => {
    assert.strictEqual(nodeAtPath(window, [])?.role, "window")
    assert.strictEqual(nodeAtPath(window, [0, 0])?.name, "button 0.0")
    assert.strictEqual(nodeAtPath(window, [1, 2])?.name, "item 1.2")
    assert.strictEqual(nodeAtPath(window, [1, 2, 3])?.name, "label 1.2.3")
    assert.isUndefined(nodeAtPath(window, [1, 1]))
    assert.isUndefined(nodeAtPath(window, [0, 0, 0]))
  })

  it("gives the child counts along a path, -1 below where it leaves the read tree", () => {
    assert.deepStrictEqual(pathChildCounts(window, [1, 2, 3]), [2, 3, 4])
    assert.deepStrictEqual(pathChildCounts(window, [1, 1, 0]), [2, 3, -1])
    assert.deepStrictEqual(pathChildCounts(window, []), [])
  })

  it("groups nodes by role and says whether every reported child was read", () => {
    const index = indexWindow(window)
    assert.deepStrictEqual(index.byRole.get("item")?.map((n) => n.name).sort(), ["item 1.0", "item 1.2"])
    assert.isTrue(index.whole)
    assert.isFalse(indexWindow(node("window", [], 1)).whole)
  })
})
