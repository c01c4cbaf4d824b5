import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode, TreeObservation } from "@agent-desktop/platform"
import { captureSnapshot } from "../captureSnapshot.js"
import type { RenderOptions } from "../renderTree.js"
import { baseNumbering } from "./baseNumbering.js"
import { diffWeight, snapshotDiff } from "./snapshotDiff.js"

const node = (role: ObservedNode["role"], path: ReadonlyArray<number>, extra: Partial<ObservedNode> = {}): ObservedNode => ({
  role, path, states: [], actions: [], handle: `:1.5/${path.join("_")}`, childCount: extra.children?.length ?? 0, ...extra
})

const window = { id: "w-1", title: "Form", app_name: "fixture", pid: 7, is_focused: true }
const render: RenderOptions = { maxDepth: 64, interactiveOnly: true, compact: true, includeBounds: false, skeleton: false }

const observation = (children: ReadonlyArray<ObservedNode>): TreeObservation =>
  ({ window, root: node("window", [], { name: "Form", children }), complete: true, nodesObserved: children.length + 1 })

const capture = (snapshotId: string, tree: TreeObservation, base?: ReturnType<typeof captureSnapshot>) => {
  const numbering = base === undefined ? undefined : baseNumbering(base.refs)
  return captureSnapshot({
    snapshotId,
    observation: tree,
    windowRoot: tree.root,
    windowComplete: true,
    render,
    startCounter: base?.counter ?? 0,
    ...(numbering === undefined ? {} : { keepNumber: numbering.keepNumber })
  })
}

const button = (name: string, index: number, extra: Partial<ObservedNode> = {}) => node("button", [index], { name, actions: ["Click"], ...extra })
const field = (value: string, index: number, handle?: string) =>
  node("textfield", [index], { name: "Name", value, actions: ["SetValue"], ...(handle === undefined ? {} : { handle }) })

describe("snapshot diffs", () => {
  it("keeps the base's numbers for the same elements, numbers new ones after its counter, and reports what changed", () => {
    const base = capture("sbase1", observation([button("OK", 0), field("ann", 1), button("Cancel", 2), button("Help", 3)]))
    assert.deepStrictEqual(Object.keys(base.refs), ["@e1", "@e2", "@e3", "@e4"])
    // OK renamed (same object), the field's text changed, Cancel gone, Help moved (a new sibling before it), Apply new.
    const next = capture("snext1", observation([
      button("OK!", 0, { handle: ":1.5/0" }),
      field("bob", 1),
      button("Apply", 2, { handle: ":1.5/new" }),
      button("Help", 3, { handle: ":1.5/3" })
    ]), base)
    assert.deepStrictEqual(Object.keys(next.refs).sort(), ["@e1", "@e2", "@e4", "@e5"])
    assert.strictEqual(next.counter, 5)
    const diff = snapshotDiff({ baseId: "sbase1", base: base.refs, baseCounter: base.counter, refs: next.refs, tree: next.tree })
    assert.strictEqual(diff.since, "sbase1")
    assert.deepStrictEqual(diff.added.map((entry) => [entry.node.ref_id, entry.node.name]), [["@snext1:e5", "Apply"]])
    assert.deepStrictEqual(diff.removed, [{ ref_id: "@sbase1:e3", role: "button", name: "Cancel" }])
    assert.deepStrictEqual(diff.changed.map((entry) => [entry.node.ref_id, entry.changed, entry.was]), [
      ["@snext1:e1", ["name"], { name: "OK" }],
      // A text field's contents are not in the RefMap: the digest shows the change, `was` does not show the text.
      ["@snext1:e2", ["value"], {}]
    ])
    assert.strictEqual(diff.changed[1]!.node.value, "bob")
    assert.strictEqual(diff.unchanged, 1)
    assert.notProperty(base.refs["@e2"]!, "value")
    assert.isString(base.refs["@e2"]!.value_digest)
    assert.strictEqual(diffWeight(diff), 4)
  })

  it("an unchanged window is an empty diff with every ref kept", () => {
    const children = [button("OK", 0), field("ann", 1)]
    const base = capture("sbase2", observation(children))
    const next = capture("snext2", observation(children), base)
    const diff = snapshotDiff({ baseId: "sbase2", base: base.refs, baseCounter: base.counter, refs: next.refs, tree: next.tree })
    assert.deepStrictEqual([diff.added, diff.removed, diff.changed, diff.unchanged], [[], [], [], 2])
    assert.deepStrictEqual(Object.keys(next.refs), Object.keys(base.refs))
  })

  it("an added container comes with its subtree and the ref of its nearest ancestor with one", () => {
    const base = capture("sbase3", observation([node("list", [0], { actions: ["Select"], children: [node("option", [0, 0], { name: "a", actions: ["Click"] })] })]))
    const next = capture("snext3", observation([node("list", [0], {
      actions: ["Select"],
      children: [
        node("option", [0, 0], { name: "a", actions: ["Click"] }),
        node("group", [0, 1], { name: "Row b", handle: ":1.5/rowb", children: [node("checkbox", [0, 1, 0], { name: "b", actions: ["Toggle"], handle: ":1.5/b" })] })
      ]
    })]), base)
    const diff = snapshotDiff({ baseId: "sbase3", base: base.refs, baseCounter: base.counter, refs: next.refs, tree: next.tree })
    assert.strictEqual(diff.added.length, 1)
    assert.strictEqual(diff.added[0]!.parent, "@snext3:e1")
    assert.strictEqual(diff.added[0]!.node.name, "b")
    assert.strictEqual(diff.unchanged, 2)
  })

  it("an element there but not printed this time (a cut container's further children) is not removed", () => {
    const list = (children: ReadonlyArray<ObservedNode>) => observation([node("list", [0], { actions: ["Select"], children })])
    const rows = [0, 1, 2, 3].map((i) => node("option", [0, i], { name: `row ${i}`, actions: ["Click"] }))
    const base = capture("sbase5", list(rows))
    const numbering = baseNumbering(base.refs)
    const tree = list(rows.slice(0, 3))
    const next = captureSnapshot({
      snapshotId: "snext5", observation: tree, windowRoot: tree.root, windowComplete: true,
      render: { ...render, maxChildren: 2 }, startCounter: base.counter, keepNumber: numbering.keepNumber
    })
    const diff = snapshotDiff({ baseId: "sbase5", base: base.refs, baseCounter: base.counter, refs: next.refs, tree: next.tree, present: numbering.present(tree.root) })
    // row 2 is there but cut from the print; row 3 is gone.
    assert.deepStrictEqual(diff.removed.map((entry) => entry.name), ["row 3"])
    assert.deepStrictEqual(diff.added, [])
  })

  it("a container that only now earns a ref (a cut container's page anchor) is not added: its elements are compared", () => {
    const rows = [0, 1, 2, 3].map((i) => node("checkbox", [0, i], { name: `row ${i}`, actions: ["Toggle"] }))
    const base = capture("sbase6", observation([node("group", [0], { children: rows })]))
    const numbering = baseNumbering(base.refs)
    const changedRows = rows.map((row, i) => i === 1 ? { ...row, states: ["checked"] } : row)
    const tree = observation([node("group", [0], { children: changedRows })])
    const next = captureSnapshot({
      snapshotId: "snext6", observation: tree, windowRoot: tree.root, windowComplete: true,
      render: { ...render, maxChildren: 2 }, startCounter: base.counter, keepNumber: numbering.keepNumber
    })
    const diff = snapshotDiff({ baseId: "sbase6", base: base.refs, baseCounter: base.counter, refs: next.refs, tree: next.tree, present: numbering.present(tree.root) })
    assert.deepStrictEqual(diff.added, [])
    assert.deepStrictEqual(diff.changed.map((entry) => [entry.node.name, entry.changed]), [["row 1", ["states"]]])
    assert.strictEqual(diff.unchanged, 1)
  })

  it("two new nodes never share a base number, and a node of another role never takes one", () => {
    const base = capture("sbase4", observation([button("OK", 0)]))
    const next = capture("snext4", observation([
      node("checkbox", [0], { name: "OK", actions: ["Toggle"], handle: ":1.5/0" }),
      button("OK", 1, { handle: ":1.5/0" })
    ]), base)
    const numbers = Object.keys(next.refs).sort()
    assert.deepStrictEqual(numbers, ["@e1", "@e2"])
    assert.strictEqual(next.refs["@e1"]!.role, "button")
  })
})
