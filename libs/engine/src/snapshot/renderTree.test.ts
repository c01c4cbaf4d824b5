import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode } from "@agent-desktop/platform"
import { renderTree, type OutputNode, type RefAllocator, type RenderOptions } from "./renderTree.js"

const node = (role: ObservedNode["role"], path: ReadonlyArray<number>, extra: Partial<ObservedNode> = {}): ObservedNode => ({
  role, path, states: [], actions: [], handle: path.join("/"), childCount: extra.children?.length ?? 0, ...extra
})

const tree = node("window", [], {
  name: "W",
  children: [
    node("group", [0], { children: [node("button", [0, 0], { name: "OK", actions: ["Click"] })] }),
    node("statictext", [1], { name: "label" }),
    node("group", [2], { name: "Panel", childCount: 4 }),
    node("list", [3], { childCount: 9, budgetCut: true })
  ]
})

const options: RenderOptions = { maxDepth: 10, interactiveOnly: false, compact: false, includeBounds: false, skeleton: false }
/** An allocator from one decision: a node earns the ref `decide` names (undefined: none); a page anchor gets its role's. */
const refsBy = (decide: (n: ObservedNode, atCut: boolean) => string | undefined): RefAllocator => {
  const decided = new Map<ObservedNode, string>()
  return {
    earns: (n, atCut) => {
      const ref = decide(n, atCut)
      if (ref !== undefined) decided.set(n, ref)
      return ref !== undefined
    },
    allocate: (n) => decided.get(n) ?? `@s:${n.role}`
  }
}
const none = (): RefAllocator => refsBy(() => undefined)
const byRole = (role: string) => refsBy((n) => (n.role === role ? `@s:${role}` : undefined))

describe("renderTree", () => {
  it("marks unread children: children_count for a cut, subtree_truncated for the budget", () => {
    const out = renderTree(tree, options, none())
    assert.strictEqual(out.children?.[2]?.children_count, 4)
    assert.isTrue(out.children?.[3]?.subtree_truncated)
    assert.notProperty(out.children?.[3] ?? {}, "children_count")
  })

  it("a container read visible-only (it manages its descendants) is truncated and keeps its real child count", () => {
    const sheet = node("table", [], { name: "Sheet1", childCount: 2 ** 31 - 1, visibleOnly: true, children: [node("cell", [0], { name: "A1" })] })
    const out = renderTree(sheet, options, none())
    assert.isTrue(out.subtree_truncated)
    assert.strictEqual(out.children_count, 2 ** 31 - 1)
    assert.deepStrictEqual(out.children?.map((c) => c.name), ["A1"])
  })

  it("names the root's source always and a node's only where it differs from its printed parent's (2.7)", () => {
    const page = node("window", [], {
      name: "Browser",
      children: [
        node("button", [0], { name: "Back", actions: ["Click"] }),
        node("webarea", [1], {
          source: "cdp",
          children: [node("textfield", [1, 0], { source: "cdp", name: "Name" })]
        }),
        node("image", [2], {
          name: "canvas",
          bounds: { x: 0, y: 0, width: 100, height: 50 },
          children: [node("statictext", [2, 0], { source: "ocr", name: "Start", confidence: 91.6, bounds: { x: 10, y: 10, width: 30, height: 12 } })]
        })
      ]
    })
    const out = renderTree(page, options, none())
    assert.strictEqual(out.source, "atspi")
    assert.notProperty(out.children?.[0] ?? {}, "source")
    assert.strictEqual(out.children?.[1]?.source, "cdp")
    assert.notProperty(out.children?.[1]?.children?.[0] ?? {}, "source")
    // Without --include-bounds an accessibility node prints no bounds; an OCR node always does (its box is its identity).
    assert.notProperty(out.children?.[2] ?? {}, "bounds")
    assert.deepStrictEqual(out.children?.[2]?.children?.[0], {
      role: "statictext", source: "ocr", name: "Start", bounds: { x: 10, y: 10, width: 30, height: 12 }, confidence: 92
    })
    // A drill-down's printed root names its source too.
    assert.strictEqual(renderTree(page.children![1]!, options, none()).source, "cdp")
  })

  it("--compact restates a collapsed wrapper's child's source relative to the wrapper's parent", () => {
    const mixed = node("window", [], {
      children: [
        node("group", [0], { source: "cdp", children: [node("button", [0, 0], { source: "cdp", name: "Send" })] }),
        node("group", [1], { source: "cdp", children: [node("button", [1, 0], { name: "Native" })] })
      ]
    })
    const out = renderTree(mixed, { ...options, compact: true }, none())
    assert.deepStrictEqual(out.children?.map((child) => [child.name, child.source]), [["Send", "cdp"], ["Native", undefined]])
  })

  it("--compact leaves out AT-SPI object paths (addresses, not identity) and keeps other native ids", () => {
    const withIds = node("window", [], {
      children: [
        node("button", [0], { name: "A", nativeId: { kind: "atspi_object_path", value: "/org/a11y/atspi/accessible/7" } }),
        node("button", [1], { name: "B", nativeId: { kind: "automation_id", value: "ok" } })
      ]
    })
    const compact = renderTree(withIds, { ...options, compact: true }, none())
    assert.notProperty(compact.children?.[0] ?? {}, "native_id")
    assert.deepStrictEqual(compact.children?.[1]?.native_id, { kind: "automation_id", value: "ok" })
    assert.isDefined(renderTree(withIds, options, none()).children?.[0]?.native_id)
  })

  it("-i keeps only ref'd nodes and their ancestors; --compact drops empty wrappers; a ref-less budget cut marks its parent", () => {
    const out = renderTree(tree, { ...options, interactiveOnly: true, compact: true }, byRole("button"))
    assert.deepStrictEqual(out.children?.map((child) => child.role), ["button"])
    assert.strictEqual(out.children?.[0]?.ref_id, "@s:button")
    // The unread list prints nothing under -i (it earns no ref): the window says its subtree was cut.
    assert.isTrue(out.subtree_truncated)
  })

  it("-i prints a document still loading that holds nothing yet, with its hint (why the read is not complete)", () => {
    const hint = "still loading: what was read of this document is not the page yet; read again once it has loaded"
    const window = node("window", [], { children: [node("group", [0], { children: [node("webarea", [0, 0], { loading: true, hint })] })] })
    const out = renderTree(window, { ...options, interactiveOnly: true, compact: true }, none())
    assert.deepStrictEqual(out.children?.map((child) => [child.role, child.hint]), [["webarea", hint]])
  })

  it("omits empty fields and prints available_actions only on ref'd nodes", () => {
    const out = renderTree(tree, options, byRole("button"))
    const button = out.children?.[0]?.children?.[0]
    assert.deepStrictEqual(button, { ref_id: "@s:button", role: "button", name: "OK", available_actions: ["Click"] })
    assert.deepStrictEqual(out.children?.[1], { role: "statictext", name: "label" })
  })

  it("allocates refs to containers at a skeleton cut only through the allocator's atCut flag", () => {
    const cuts: Array<string> = []
    renderTree(tree, { ...options, maxDepth: 1, skeleton: true }, refsBy((n, atCut) => {
      if (atCut) cuts.push(n.role + ":" + (n.name ?? ""))
      return undefined
    }))
    // The budget-cut list sits at the depth cut too: its children were never going to be shown. The unnamed group
    // is a wrapper in a skeleton: not cut, its button shown at its depth.
    assert.deepStrictEqual(cuts, ["group:Panel", "list:"])
  })

  it("a skeleton counts no depth for unnamed, ref-less wrappers: GTK 4's nesting keeps its named landmarks in view", () => {
    // gtk4-demo 4.8.3: window > group > group > scroll area > list "Demo list" (and > group > group > tab list).
    const gtk4 = node("window", [], {
      name: "GTK Demo",
      children: [node("group", [0], {
        children: [
          node("group", [0, 0], { children: [node("scrollarea", [0, 0, 0], { actions: ["Scroll"], children: [node("list", [0, 0, 0, 0], { name: "Demo list", childCount: 117 })] })] }),
          node("group", [0, 1], { children: [node("group", [0, 1, 0], { children: [node("tablist", [0, 1, 0, 0], { name: "Tab list", childCount: 7 })] })] })
        ]
      })]
    })
    const cuts: Array<string> = []
    const out = renderTree(gtk4, { ...options, maxDepth: 3, skeleton: true }, refsBy((n, atCut) => {
      if (atCut) cuts.push(n.name ?? n.role)
      return undefined
    }))
    assert.deepStrictEqual(cuts, ["Demo list", "Tab list"])
    const named: Array<string> = []
    const walk = (n: OutputNode): void => { if (n.name) named.push(n.name); n.children?.forEach(walk) }
    walk(out)
    assert.includeMembers(named, ["Demo list", "Tab list"])
    // Without --skeleton a depth of 3 cuts at the wrappers, as before.
    const plain: Array<string> = []
    renderTree(gtk4, { ...options, maxDepth: 3 }, refsBy((n, atCut) => { if (atCut) plain.push(n.name ?? n.role); return undefined }))
    assert.deepStrictEqual(plain, ["scrollarea", "group"])
  })

  it("a skeleton stays within its node budget: a wide container is cut with its count, breadth first keeps the outline", () => {
    // The GTK 3 grid fixture: window > scroll area > viewport > grid of 1,000 buttons, beside a tool bar.
    const buttons = Array.from({ length: 1000 }, (_, i) => node("button", [1, 0, 0, i], { name: `b${i}`, actions: ["Click"] }))
    const wide = node("window", [], {
      name: "Grid",
      children: [
        node("toolbar", [0], { name: "Tools", children: [0, 1, 2].map((i) => node("button", [0, i], { name: `t${i}`, actions: ["Click"] })) }),
        node("scrollarea", [1], { actions: ["Scroll"], children: [node("group", [1, 0], { children: [node("group", [1, 0, 0], { children: buttons })] })] })
      ]
    })
    const cut: Array<string> = []
    const out = renderTree(wide, { ...options, maxDepth: 3, skeleton: true }, refsBy((n, atCut) => {
      if (atCut) cut.push(n.role)
      return n.role === "button" || atCut ? `@s:${n.name ?? n.role}` : undefined
    }))
    const printed: Array<OutputNode> = []
    const walk = (n: OutputNode): void => { printed.push(n); n.children?.forEach(walk) }
    walk(out)
    // The grid's wrapper opens (one child fits), the grid itself does not: cut, counted, a drill target.
    assert.deepStrictEqual(cut, ["group"])
    const grid = printed.find((n) => n.children_count === 1000)
    assert.isDefined(grid?.ref_id)
    assert.isUndefined(grid?.children)
    assert.includeMembers(printed.map((n) => n.name), ["t0", "t1", "t2"])
    assert.isAtMost(printed.length, 40)
    // Without --skeleton the same depth prints every button.
    const plain: Array<unknown> = []
    const walkPlain = (n: OutputNode): void => { plain.push(n); n.children?.forEach(walkPlain) }
    walkPlain(renderTree(wide, { ...options, maxDepth: 10 }, none()))
    assert.strictEqual(plain.length, 1008)
  })
})
