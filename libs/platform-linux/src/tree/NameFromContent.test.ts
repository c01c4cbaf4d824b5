import { assert, describe, it } from "@effect/vitest"
import { StateSet } from "../atspi/States.js"
import { nameRowsFromContent } from "./NameFromContent.js"
import type { RawTree } from "./RawTree.js"

const tree = (role: number, name: string, children: Array<RawTree> = []): RawTree => ({
  node: { ref: { busName: ":1.1", path: `/${name}` }, role, name, description: "", states: StateSet.from([0, 0]), interfaces: [], childCount: children.length },
  path: [],
  children
})

describe("nameRowsFromContent", () => {
  it("names an unnamed list row after its label (gtk4-demo 4.8.3 rows) and leaves named nodes alone", () => {
    const row = tree(32, "", [tree(39, "", [tree(29, "Benchmark")])])
    const named = tree(32, "Own", [tree(29, "Label")])
    const button = tree(43, "", [tree(29, "Inner")])
    nameRowsFromContent(tree(31, "list", [row, named, button]))
    assert.strictEqual(row.node.computedName, "Benchmark")
    assert.isUndefined(named.node.computedName)
    assert.isUndefined(button.node.computedName)
  })

  it("names tabs that carry the toolkit's placeholder name after their label (gtk4-demo 4.8.3 notebook: \"Tab\")", () => {
    const info = tree(37, "Tab", [tree(29, "Info")])
    const source = tree(37, "Tab", [tree(29, "Source")])
    const real = tree(37, "Settings", [tree(29, "Other")])
    nameRowsFromContent(tree(38, "Tab list", [info, source, real]), ["Tab"])
    assert.deepStrictEqual([info, source, real].map((t) => t.node.computedName), ["Info", "Source", undefined])
    const unconfigured = tree(37, "Tab", [tree(29, "Info")])
    nameRowsFromContent(unconfigured)
    assert.isUndefined(unconfigured.node.computedName)
  })
})
