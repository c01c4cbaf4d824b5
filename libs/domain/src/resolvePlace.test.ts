import { assert, describe, it } from "@effect/vitest"
import { captureIdentities } from "./captureIdentities.js"
import type { IdentityNode } from "./IdentityNode.js"
import { refEntryFor, type RefNode } from "./refEntryFor.js"
import { resolveIdentity } from "./resolveIdentity.js"
import { resolvePlace } from "./resolvePlace.js"

interface Spec {
  readonly role: string
  readonly name?: string
  readonly children?: ReadonlyArray<Spec>
  readonly unread?: number
}

const build = (spec: Spec, path: ReadonlyArray<number> = []): RefNode => ({
  role: spec.role,
  ...(spec.name === undefined ? {} : { name: spec.name }),
  path,
  states: [],
  actions: [],
  handle: `h:${path.join("/")}`,
  childCount: spec.unread ?? spec.children?.length ?? 0,
  ...(spec.unread === undefined ? { children: (spec.children ?? []).map((child, i) => build(child, [...path, i])) } : {})
})

const at = (root: IdentityNode, path: ReadonlyArray<number>): RefNode => {
  let node = root
  for (const i of path) node = node.children?.[i] as IdentityNode
  return node as RefNode
}

const rows = (n: number): Array<Spec> => Array.from({ length: n }, (_, i) => ({ role: "row", name: `row ${i}` }))
/**
 * A page with two unnamed tables, each the only child of a section named "Results": true twins (the same place below
 * look-alike named ancestors), neither can be proven unique; the big one is the page anchor.
 */
const results = (table: Spec): Spec => ({ role: "group", name: "Results", children: [table] })
const page = (bigRows = 80, before: ReadonlyArray<Spec> = []): Spec =>
  ({ role: "window", name: "Page", children: [...before, results({ role: "table", children: rows(3) }), results({ role: "table", children: rows(bigRows) })] })

const anchor = (tree: Spec, path: ReadonlyArray<number>) => {
  const root = build(tree)
  const node = at(root, path)
  return refEntryFor(node, { pid: 1, app: "page" }, captureIdentities(root, [node], { complete: true }).identities[0]!)
}

describe("resolvePlace (reads only: a page anchor that was never proven unique)", () => {
  it("finds the unnamed table at its unchanged place, which identity alone refuses", () => {
    const entry = anchor(page(), [1, 0])
    assert.isFalse(entry.unique_at_capture)
    assert.strictEqual(resolveIdentity(entry, build(page()), { complete: true })._tag, "NotUnique")
    const live = build(page(90))
    // Its own child count may change (rows were added): the fingerprint is its ancestors' counts.
    assert.deepStrictEqual(resolvePlace(entry, live, { complete: true })?.path, [1, 0])
  })

  it("refuses when the structure above it changed, the node there is another kind, or the read is not whole", () => {
    const entry = anchor(page(), [1, 0])
    assert.isUndefined(resolvePlace(entry, build(page(80, [{ role: "heading", name: "new" }])), { complete: true }))
    const swapped: Spec = { role: "window", name: "Page", children: [results({ role: "table", children: rows(3) }), results({ role: "list", children: rows(80) })] }
    assert.isUndefined(resolvePlace(entry, build(swapped), { complete: true }))
    assert.isUndefined(resolvePlace(entry, build(page()), { complete: false }))
    const unread: Spec = { role: "window", name: "Page", children: [results({ role: "table", unread: 3 }), results({ role: "table", children: rows(80) })] }
    assert.isUndefined(resolvePlace(entry, build(unread), { complete: true }))
  })
})
