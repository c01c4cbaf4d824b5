import { assert, describe, it } from "@effect/vitest"
import type { AppCall, AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { chromium } from "../toolkits/chromium/profile.js"
import { defaultReadLimits } from "./ReadLimits.js"
import type { RawTree } from "./RawTree.js"
import { TreeReader } from "./TreeReader.js"

/** A tree to serve: each node is the list of its children. */
interface Shape {
  readonly children: ReadonlyArray<Shape>
}
const node = (...children: ReadonlyArray<Shape>): Shape => ({ children })
const leaves = (count: number) => Array.from({ length: count }, () => node())

const bus = ":1.5"

/**
 * A session whose app answers `Cache.GetItems` with the whole tree (as Chromium does), Collection's count of it, and
 * nothing else: a pure unit test of how the reader walks what the cache holds.
 */
const cachedApp = (root: Shape): AtspiSession => {
  const items: Array<ReadonlyArray<unknown>> = []
  const add = (shape: Shape, path: string, parent: string, index: number) => {
    items.push([[bus, path], [bus, "/app"], [bus, parent], index, shape.children.length, ["org.a11y.atspi.Accessible"], path, 29, "", [0, 0]])
    shape.children.forEach((child, i) => add(child, `${path}_${i}`, path, i))
  }
  add(root, "/n", "/app", 0)
  return {
    toolkits: { profileOf: async () => chromium },
    call: async (_ref: ObjectRef, spec: AppCall) => {
      if (spec.member === "GetItems") return [items]
      // The count before asking the whole cache (tree/read/cacheFits.ts): its objects.
      if (spec.member === "GetMatches") return [items.map((item) => item[0])]
      throw new Error(`unexpected ${spec.member}`)
    }
  } as unknown as AtspiSession
}

const key = (tree: RawTree) => tree.path.join("/")

/** The nodes whose children the node cap cut (read, but their children not). */
const cutNodes = (tree: RawTree): Array<string> => {
  const out: Array<string> = []
  const walk = (at: RawTree) => {
    if (at.budgetCut === true && at.children === undefined) out.push(key(at))
    for (const child of at.children ?? []) walk(child)
  }
  walk(tree)
  return out.sort()
}

/** The cap spent level by level: breadth first, each node counting its children when it expands. */
const levelOrderCuts = (root: Shape, maxNodes: number): Array<string> => {
  const out: Array<string> = []
  let started = 1
  const queue: Array<[Shape, ReadonlyArray<number>]> = [[root, []]]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [shape, path] = next
    if (shape.children.length === 0) continue
    if (started + shape.children.length > maxNodes) {
      out.push(path.join("/"))
      continue
    }
    started += shape.children.length
    shape.children.forEach((child, i) => queue.push([child, [...path, i]]))
  }
  return out.sort()
}

describe("TreeReader's node cap on what the cache answers", () => {
  // A deep first branch and a wide second one: depth first would read the first whole and cut the second's level.
  const page = node(
    node(node(node(node(...leaves(3)))), node(...leaves(2))),
    node(...Array.from({ length: 4 }, () => node(...leaves(2))))
  )
  const total = 1 + 2 + 2 + 4 + 1 + 2 + 8 + 1 + 3

  it("reads the whole tree from the cache alone, and spends any smaller cap level by level", async () => {
    const reader = new TreeReader(cachedApp(page))
    const read = (maxNodes: number) =>
      reader.read({ busName: bus, path: "/n" }, { maxDepth: 1000, deadline: Date.now() + 10_000, details: false, limits: { ...defaultReadLimits, maxNodes } })
    const whole = await read(defaultReadLimits.maxNodes)
    assert.isTrue(whole.complete)
    assert.strictEqual(whole.nodesObserved, total)
    assert.deepStrictEqual(cutNodes(whole.root), [])
    for (let maxNodes = 2; maxNodes < total; maxNodes++) {
      const capped = await read(maxNodes)
      assert.isFalse(capped.complete, `cap ${maxNodes}`)
      assert.deepStrictEqual(cutNodes(capped.root), levelOrderCuts(page, maxNodes), `cap ${maxNodes}`)
    }
  })
})
