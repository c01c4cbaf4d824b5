/**
 * The snapshot size model: the child limit (`--max-children`, 50 by default with -i), its pages, and budget marks
 * that keep a partial read from printing more than its complete read. Through captureSnapshot, so the RefMap is
 * checked along with the printed tree.
 */
import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode, TreeObservation } from "@agent-desktop/platform"
import fc from "fast-check"
import { observedTree as build, type Spec } from "../test/ScriptedAdapter.js"
import { captureSnapshot } from "./captureSnapshot.js"
import type { OutputNode, RenderOptions } from "./renderTree.js"

const window = { id: "w-1", title: "T", app_name: "app", pid: 1, is_focused: true }
const base: RenderOptions = { maxDepth: 64, interactiveOnly: true, compact: true, includeBounds: false, skeleton: false }

const capture = (root: ObservedNode, render: Partial<RenderOptions> = {}, complete = true) => {
  const observation: TreeObservation = { window, root, complete, nodesObserved: 1 }
  return captureSnapshot({ snapshotId: "s1", observation, windowRoot: root, windowComplete: complete, render: { ...base, ...render }, startCounter: 0 })
}

const all = (node: OutputNode): Array<OutputNode> => [node, ...(node.children ?? []).flatMap(all)]
const button = (name: string, states?: ReadonlyArray<string>): Spec => ({ role: "button", name, actions: ["Click"], ...(states ? { states } : {}) })
const rows = (n: number, row: (i: number) => Spec = (i) => button(`button ${i}`)): ReadonlyArray<Spec> => Array.from({ length: n }, (_, i) => row(i))
const grid = (n: number, extra: Partial<Spec> = {}) => build({ role: "window", name: "T", children: [{ role: "group", children: rows(n), ...extra }] })

describe("a depth cut", () => {
  it("keeps a cut container with -i: a ref (a drill target) and its children_count, never a branch dropped unmarked", () => {
    // gtk3-widget-factory at --max-depth 4 lost ~130 controls under -i: the cut panels were leaves without refs.
    const root = build({ role: "window", name: "T", children: [{ role: "group", children: [{ role: "group", children: rows(9) }] }, button("top")] })
    const { tree, refs } = capture(root, { maxDepth: 2, compact: false })
    const panel = tree.children![0]!.children![0]!
    assert.strictEqual(panel.children_count, 9)
    assert.isUndefined(panel.children)
    assert.isDefined(panel.ref_id)
    assert.deepStrictEqual(refs[`@${panel.ref_id!.split(":")[1]}`]!.path, [0, 0])
  })
})

describe("the child limit", () => {
  it("prints the first N children; the cut container gets a ref, its real children_count and a hint with the next page", () => {
    const { tree, refs } = capture(grid(120), { maxChildren: 50 })
    const container = tree.children![0]!
    assert.deepStrictEqual(container.children!.map((c) => c.name), rows(50).map((r) => r.name))
    assert.strictEqual(container.children_count, 120)
    assert.strictEqual(container.ref_id, "@s1:e1")
    assert.strictEqual(
      container.hint,
      "children 0-49 of 120 with refs shown; next: snapshot --root @s1:e1 --children-from 50 -i --compact --max-children 50; or find"
    )
    // The omitted 70 children got no refs: the container and the 50 shown.
    assert.strictEqual(Object.keys(refs).length, 51)
    assert.deepStrictEqual(refs["@e1"]!.path, [0])
  })

  it("a container within the limit prints exactly as without it (no ref, no hint, no count)", () => {
    const root = grid(50)
    assert.strictEqual(JSON.stringify(capture(root, { maxChildren: 50 }).tree), JSON.stringify(capture(root).tree))
  })

  it("-i counts the children that print: text before a form does not hide it", () => {
    const root = build({ role: "window", children: [{ role: "document", children: [...rows(80, (i) => ({ role: "paragraph", name: `p${i}` })), ...rows(10)] }] })
    const doc = capture(root, { maxChildren: 5 }).tree.children![0]!
    assert.deepStrictEqual(doc.children!.map((c) => c.name), ["button 0", "button 1", "button 2", "button 3", "button 4"])
    assert.strictEqual(doc.children_count, 90)
    assert.match(doc.hint!, /^children 0-4 of 10 with refs shown; next: .* --children-from 5 /)
    // Without -i every child prints, so the paragraphs are what the limit shows.
    const full = capture(root, { maxChildren: 5, interactiveOnly: false }).tree.children![0]!
    assert.deepStrictEqual(full.children!.map((c) => c.name), ["p0", "p1", "p2", "p3", "p4"])
    assert.match(full.hint!, /^children 0-4 of 90 shown; next: snapshot --root @s1:e1 --children-from 5 --compact --max-children 5; or find$/)
  })

  it("shows the child holding the focus, else a selected one, in place of the Nth", () => {
    const focused = build({ role: "window", children: [{ role: "list", children: rows(100, (i) => ({ role: "option", name: `item ${i}`, actions: ["Select"], ...(i === 70 ? { children: [button("inner", ["focused"])] } : {}), ...(i === 80 ? { states: ["selected"] } : {}) })) }] })
    const list = capture(focused, { maxChildren: 10 }).tree.children![0]!
    assert.deepStrictEqual(list.children!.map((c) => c.name), [...rows(9, (i) => ({ role: "option", name: `item ${i}` })).map((r) => r.name), "item 70"])
    assert.match(list.hint!, /^children 0-8 and 70 \(focus\) of 100 with refs shown; next: .* --children-from 9 /)
    const selectedOnly = build({ role: "window", children: [{ role: "list", children: rows(100, (i) => ({ role: "option", name: `item ${i}`, actions: ["Select"], ...(i === 80 ? { states: ["selected"] } : {}) })) }] })
    assert.match(capture(selectedOnly, { maxChildren: 10 }).tree.children![0]!.hint!, /^children 0-8 and 80 \(selected\) of 100/)
  })

  it("a page (--children-from on the drill-down root) shows K..K+N-1; the last page points back to the first", () => {
    const root = build({ role: "group", children: rows(120) })
    const page = capture(root, { maxChildren: 50, childrenFrom: 50 }).tree
    assert.deepStrictEqual([page.children![0]!.name, page.children!.at(-1)!.name], ["button 50", "button 99"])
    assert.match(page.hint!, /^children 50-99 of 120 with refs shown; next: .* --children-from 100 /)
    const last = capture(root, { maxChildren: 50, childrenFrom: 100 }).tree
    assert.strictEqual(last.children!.length, 20)
    assert.match(last.hint!, /^children 100-119 of 120 with refs shown; first page: .* --children-from 0 /)
    const past = capture(root, { maxChildren: 50, childrenFrom: 500 }).tree
    assert.isUndefined(past.children)
    assert.match(past.hint!, /^children none of 120 with refs shown; first page: /)
    // A page of a container with nothing to print under these flags leaves nothing out: no hint, no count.
    const leaf = capture(build({ role: "button", name: "b", actions: ["Click"] }), { maxChildren: 50, childrenFrom: 350 }).tree
    assert.deepStrictEqual(Object.keys(leaf), ["ref_id", "role", "source", "name", "available_actions"])
  })

  it("every container is limited: a table's rows and each row's cells", () => {
    const table = build({ role: "window", children: [{ role: "table", children: rows(30, (r) => ({ role: "row", children: rows(30, (c) => ({ role: "cell", name: `${r},${c}`, actions: ["Click"] })) })) }] })
    const { tree, refs } = capture(table, { maxChildren: 4 })
    const rowsShown = tree.children![0]!.children!
    assert.strictEqual(rowsShown.length, 4)
    assert.isTrue(rowsShown.every((row) => row.children!.length === 4 && row.children_count === 30 && row.ref_id !== undefined))
    // The table, 4 rows (page anchors too) and 16 cells.
    assert.strictEqual(Object.keys(refs).length, 1 + 4 + 16)
  })

  it("--compact never collapses a cut container into its child", () => {
    const wrapper = build({ role: "window", children: [{ role: "group", children: rows(3, () => ({ role: "statictext", name: "x" })) }] })
    const out = capture(wrapper, { maxChildren: 1, interactiveOnly: false }).tree
    assert.strictEqual(out.children![0]!.role, "group")
    assert.strictEqual(out.children![0]!.children_count, 3)
  })
})

/** A cut copy of a complete tree, as a partial read leaves it: frontier nodes without children, leaves without details. */
const cutTree = (node: ObservedNode, cuts: ReadonlySet<string>, details: ReadonlySet<string>): ObservedNode | undefined => {
  const key = node.path.join("/")
  if (cuts.has(key) && node.childCount > 0) {
    const { children: _children, ...rest } = node
    return { ...rest, budgetCut: true }
  }
  const children = (node.children ?? []).map((child) => cutTree(child, cuts, details))
  // A child whose read the budget stopped is left out of its parent's list (TreeReader's "cut"); the parent is cut.
  const present = children.filter((child): child is ObservedNode => child !== undefined)
  const lostChild = present.length < children.length
  const out: ObservedNode = { ...node, children: present, ...(lostChild ? { budgetCut: true } : {}) }
  if (!details.has(key)) return out
  const { name: _name, value: _value, ...bare } = out
  return { ...bare, actions: out.actions.filter((action) => action === "SetFocus"), budgetCut: true }
}

const arbitrarySpec: fc.Arbitrary<Spec> = fc.letrec<{ node: Spec }>((tie) => ({
  node: fc.record({
    role: fc.constantFrom("group", "button", "statictext", "textfield", "row", "cell"),
    name: fc.constantFrom("", "a", "ok", "row 7", "a longer label"),
    value: fc.constantFrom("", "1", "text 249"),
    actions: fc.constantFrom([], ["SetFocus"], ["Click", "SetFocus"], ["Toggle", "Check"]),
    children: fc.oneof({ depthSize: "small" }, fc.constant([]), fc.array(tie("node"), { maxLength: 6 }))
  }).map(({ name, value, ...rest }): Spec => ({ ...rest, ...(name === "" ? {} : { name }), ...(value === "" ? {} : { value }) }))
})).node

const pathsOf = (tree: ObservedNode): Array<string> => [tree.path.join("/"), ...(tree.children ?? []).flatMap(pathsOf)]

/** Every node carries its path as a toolkit id, so a printed node names the node it was read from. */
const withIds = (node: ObservedNode): ObservedNode => ({
  ...node,
  nativeId: { kind: "automation_id", value: node.path.join("/") },
  ...(node.children === undefined ? {} : { children: node.children.map(withIds) })
})

const byPath = (tree: OutputNode): Map<string, OutputNode> => new Map(all(tree).map((n) => [n.native_id!.value, n]))

/** The fields a partial read may print of a node: what it read, nothing the complete read lacks. */
const assertFieldsWithin = (partial: OutputNode, complete: OutputNode) => {
  for (const key of ["role", "name", "value", "description", "native_id", "states"] as const) {
    if (partial[key] !== undefined) assert.deepStrictEqual(partial[key], complete[key], key)
  }
  for (const action of partial.available_actions ?? []) assert.include(complete.available_actions ?? [], action)
}

describe("a partial read never prints what its complete read does not", () => {
  it("every node it prints, the complete read prints with at least those fields; marks sit only on containers", () => {
    fc.assert(fc.property(
      arbitrarySpec, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), fc.boolean(), fc.boolean(), fc.constantFrom(undefined, 1, 2, 50),
      (spec, coins, interactiveOnly, compact, maxChildren) => {
        const complete = withIds(build({ ...spec, role: "window" }))
        const paths = pathsOf(complete).filter((p) => p !== "")
        const coin = coins[Symbol.iterator]()
        const cuts = new Set(paths.filter(() => coin.next().value < 0.2))
        const details = new Set(paths.filter(() => coin.next().value < 0.3))
        const partial = cutTree(complete, cuts, details)!
        const render = { interactiveOnly, compact, ...(maxChildren === undefined ? {} : { maxChildren }) }
        const c = capture(complete, render, true)
        const p = capture(partial, render, false)
        const cPrinted = byPath(c.tree)
        const why = JSON.stringify({ spec, cuts: [...cuts], details: [...details], render })
        let marks = 0
        for (const node of all(p.tree)) {
          const whole = cPrinted.get(node.native_id!.value)
          if (node.subtree_truncated === true) {
            marks += 1
            // On the root, on a node with printed children, or on one whose children were never read.
            const read = partial.path.length === 0 && node === p.tree || (node.children?.length ?? 0) > 0 ||
              cuts.has(node.native_id!.value)
            assert.isTrue(read, why)
          }
          if (maxChildren === undefined) {
            // Without the limit: the very nodes the complete read prints, with no more than its fields.
            assert.isDefined(whole, why)
            assertFieldsWithin(node, whole!)
          } else if (whole !== undefined) {
            // With it: never more children in a container, and a cut only where the complete read cuts too.
            assert.isAtMost(node.children?.length ?? 0, whole.children?.length ?? 0, why)
            if (node.hint !== undefined) assert.isDefined(whole.hint, why)
          }
        }
        if (maxChildren === undefined) {
          // Bytes: the complete tree minus what was not read, plus one mark per marked node.
          const size = (t: OutputNode) => JSON.stringify(t).length
          assert.isAtMost(size(p.tree), size(c.tree) + marks * ',"subtree_truncated":true'.length, why)
          // Refs only ever shrink. (With the limit a container shows as many children, but where a cut child
          // prints nothing the next one takes its place, and that one's subtree may hold more refs.)
          assert.isAtMost(Object.keys(p.refs).length, Object.keys(c.refs).length, why)
        }
        // Its refs cannot be acted on, and cut nodes' action lists are wrong: none are printed.
        assert.isTrue(all(p.tree).every((n) => n.available_actions === undefined), why)
      }
    ), { numRuns: 1000 })
  })

  it("--compact: an unnamed wrapper whose only child the budget left unread prints nothing, its mark on its parent", () => {
    // fast-check's counterexample (seed 1784970074): the complete read collapses the wrapper into its child.
    const complete = withIds(build({ role: "window", children: [{ role: "group", children: [{ role: "group" }] }] }))
    const partial = cutTree(complete, new Set(["0"]), new Set())!
    const c = capture(complete, { interactiveOnly: false, compact: true }, true)
    const p = capture(partial, { interactiveOnly: false, compact: true }, false)
    assert.deepStrictEqual(all(c.tree).map((n) => n.native_id!.value), ["", "0/0"])
    assert.deepStrictEqual(all(p.tree).map((n) => n.native_id!.value), [""])
    assert.isTrue(p.tree.subtree_truncated)
  })

  it("a GTK-grid-like partial read (every leaf's details cut, labels unread) is smaller than the complete read", () => {
    // The shape of grid.py's 250 rows as the bulk cache leaves them when the budget runs out during detail reads.
    const spec = (i: number): ReadonlyArray<Spec> => [
      { role: "statictext", name: `row ${i}` }, button(`button ${i}`), { role: "checkbox", name: `check ${i}`, actions: ["Click", "Toggle", "Check", "Uncheck"] },
      { role: "textfield", value: `text ${i}`, actions: ["SetValue", "TypeText"] }
    ]
    const complete = build({ role: "window", name: "Grid 250", children: [{ role: "scrollarea", actions: ["Scroll"], children: [{ role: "group", children: rows(250).flatMap((_, i) => spec(i)) }] }] })
    const leaves = new Set(pathsOf(complete).filter((p) => p.split("/").length === 3))
    const partial = cutTree(complete, new Set(), leaves)!
    for (const maxChildren of [undefined, 50]) {
      const c = JSON.stringify(capture(complete, { ...(maxChildren ? { maxChildren } : {}) }, true).tree).length
      const p = capture(partial, { ...(maxChildren ? { maxChildren } : {}) }, false).tree
      assert.isBelow(JSON.stringify(p).length, c)
      // One mark, on the grid: no label prints (-i), no leaf carries its own.
      assert.deepStrictEqual(all(p).filter((n) => n.subtree_truncated).map((n) => n.role), ["group"])
    }
  })
})
