import { assert, describe, it } from "@effect/vitest"
import { captureIdentities } from "./captureIdentities.js"
import type { IdentityNode } from "./IdentityNode.js"
import type { RefEntry } from "./RefEntry.js"
import { refEntryFor, type RefNode } from "./refEntryFor.js"
import { identityFailureKind, resolveIdentity } from "./resolveIdentity.js"

interface Spec {
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly id?: string
  readonly kind?: string
  readonly children?: ReadonlyArray<Spec>
  /** Children exist but were not read (depth or budget cut). */
  readonly unread?: number
}

const build = (spec: Spec, path: ReadonlyArray<number> = []): RefNode => ({
  role: spec.role,
  ...(spec.name === undefined ? {} : { name: spec.name }),
  ...(spec.value === undefined ? {} : { value: spec.value }),
  ...(spec.description === undefined ? {} : { description: spec.description }),
  ...(spec.id === undefined ? {} : { nativeId: { kind: spec.kind ?? "ax_identifier", value: spec.id } }),
  path,
  states: [],
  actions: ["Click"],
  handle: `h:${path.join("/")}`,
  childCount: spec.unread ?? spec.children?.length ?? 0,
  ...(spec.unread === undefined ? { children: (spec.children ?? []).map((child, i) => build(child, [...path, i])) } : {})
})

const win = (...children: ReadonlyArray<Spec>): Spec => ({ role: "window", name: "Fixture", children })
const box = (...children: ReadonlyArray<Spec>): Spec => ({ role: "group", children })

const at = (root: IdentityNode, path: ReadonlyArray<number>): RefNode => {
  let node = root
  for (const i of path) node = node.children?.[i] as IdentityNode
  return node as RefNode
}

/** Snapshot `tree`, save the ref at `path`, and return its entry. */
const capture = (tree: Spec, path: ReadonlyArray<number>, complete = true): RefEntry => {
  const root = build(tree)
  const node = at(root, path)
  const { identities } = captureIdentities(root, [node], { complete })
  return refEntryFor(node, { pid: 1, app: "fixture" }, identities[0]!)
}

const resolve = (entry: RefEntry, tree: Spec, complete = true) => resolveIdentity(entry, build(tree), { complete })

describe("captureIdentities", () => {
  it("proves a ref unique when no other node shares its role and stable fields", () => {
    const root = build(win({ role: "button", name: "OK" }, { role: "button", name: "Cancel" }))
    const result = captureIdentities(root, [at(root, [0]), at(root, [1])], { complete: true })
    assert.isFalse(result.identityUnproven)
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [true, true])
    assert.deepStrictEqual(result.identities[0]!.path_child_counts, [2])
  })

  it("twins anywhere in the window are not unique (six check boxes named checkbutton)", () => {
    const tree = win(box(...Array.from({ length: 6 }, () => ({ role: "checkbox", name: "checkbutton" }))), { role: "checkbox", name: "Bold" })
    const root = build(tree)
    const result = captureIdentities(root, [at(root, [0, 2]), at(root, [1])], { complete: true })
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [false, true])
  })

  it("unnamed entries are twins, even with distinct object paths (an address is not identity)", () => {
    const plain = build(win({ role: "textfield" }, { role: "textfield" }))
    assert.isFalse(captureIdentities(plain, [at(plain, [0])], { complete: true }).identities[0]!.unique_at_capture)
    const withPaths = build(win({ role: "textfield", id: "/a/1", kind: "atspi_object_path" }, { role: "textfield", id: "/a/2", kind: "atspi_object_path" }))
    assert.isFalse(captureIdentities(withPaths, [at(withPaths, [0])], { complete: true }).identities[0]!.unique_at_capture)
    const uia = build(win({ role: "textfield", id: "42.1", kind: "runtime_id" }, { role: "textfield", id: "42.2", kind: "runtime_id" }))
    assert.isFalse(captureIdentities(uia, [at(uia, [0])], { complete: true }).identities[0]!.unique_at_capture)
  })

  it("six check boxes named checkbutton stay twins when each has its own object path", () => {
    const tree = win(...Array.from({ length: 6 }, (_, i) => ({ role: "checkbox", name: "checkbutton", id: `/o/${i}`, kind: "atspi_object_path" })))
    const root = build(tree)
    const result = captureIdentities(root, [0, 1, 2, 3, 4, 5].map((i) => at(root, [i])), { complete: true })
    assert.isTrue(result.identities.every((i) => !i.unique_at_capture))
  })

  it("a toolkit identifier a developer set tells unnamed entries apart", () => {
    const ids = build(win({ role: "textfield", id: "first_name", kind: "automation_id" }, { role: "textfield", id: "last_name", kind: "automation_id" }))
    assert.isTrue(captureIdentities(ids, [at(ids, [0])], { complete: true }).identities[0]!.unique_at_capture)
  })

  it("mutable values never distinguish nodes; stable values do", () => {
    const fields = build(win({ role: "textfield", value: "a" }, { role: "textfield", value: "b" }))
    assert.isFalse(captureIdentities(fields, [at(fields, [0])], { complete: true }).identities[0]!.unique_at_capture)
    const links = build(win({ role: "link", name: "Docs", value: "https://a" }, { role: "link", name: "Docs", value: "https://b" }))
    assert.isTrue(captureIdentities(links, [at(links, [0])], { complete: true }).identities[0]!.unique_at_capture)
  })

  it("proves nothing when the read was incomplete or a subtree was left unread", () => {
    const root = build(win({ role: "button", name: "OK" }))
    const timedOut = captureIdentities(root, [at(root, [0])], { complete: false })
    assert.isTrue(timedOut.identityUnproven)
    assert.isFalse(timedOut.identities[0]!.unique_at_capture)
    const cut = build(win({ role: "button", name: "OK" }, { role: "group", unread: 3 }))
    const depthCut = captureIdentities(cut, [at(cut, [0])], { complete: true })
    assert.isTrue(depthCut.identityUnproven)
    assert.isFalse(depthCut.identities[0]!.unique_at_capture)
  })
})

describe("resolveIdentity", () => {
  const form = win(box({ role: "button", name: "OK" }, { role: "button", name: "Cancel" }), { role: "checkbox", name: "Bold" })

  it("Unique/exact: same path, role and stable fields", () => {
    const result = resolve(capture(form, [0, 0]), form)
    assert.strictEqual(result._tag, "Unique")
    if (result._tag === "Unique") {
      assert.strictEqual(result.match, "exact")
      assert.deepStrictEqual(result.node.path, [0, 0])
    }
  })

  it("Unique/moved: the only match now lives elsewhere", () => {
    const moved = win({ role: "statictext", name: "banner" }, box({ role: "button", name: "Cancel" }, { role: "button", name: "OK" }))
    const result = resolve(capture(form, [0, 0]), moved)
    assert.strictEqual(result._tag, "Unique")
    if (result._tag === "Unique") {
      assert.strictEqual(result.match, "moved")
      assert.deepStrictEqual(result.node.path, [1, 1])
    }
  })

  it("a check box's value (state) does not break identity", () => {
    const before = win({ role: "checkbox", name: "Bold", value: "0" })
    const after = win({ role: "checkbox", name: "Bold", value: "1" })
    assert.strictEqual(resolve(capture(before, [0]), after)._tag, "Unique")
  })

  it("Absent: the element is gone and a look-alike at its path is not taken", () => {
    const gone = win(box({ role: "button", name: "Cancel" }), { role: "checkbox", name: "Bold" })
    const result = resolve(capture(form, [0, 0]), gone)
    assert.strictEqual(result._tag, "Absent")
    assert.strictEqual(identityFailureKind(result), "saved_ref_absent")
    // Bold removed, Italic shifts into its path: a different check box, so absent.
    const styles = win({ role: "checkbox", name: "Bold" }, { role: "checkbox", name: "Italic" })
    assert.strictEqual(resolve(capture(styles, [0]), win({ role: "checkbox", name: "Italic" }))._tag, "Absent")
  })

  it("Ambiguous: a twin appeared after capture, even at the saved path", () => {
    const twinned = win(box({ role: "button", name: "OK" }, { role: "button", name: "OK" }), { role: "checkbox", name: "Bold" })
    const result = resolve(capture(form, [0, 0]), twinned)
    assert.strictEqual(result._tag, "Ambiguous")
    assert.strictEqual(identityFailureKind(result), "saved_ref_ambiguous")
  })

  it("Ambiguous is provable from a partial read", () => {
    const partial = win(box({ role: "button", name: "OK" }, { role: "button", name: "OK" }), { role: "group", unread: 4 })
    assert.strictEqual(resolve(capture(form, [0, 0]), partial, true)._tag, "Ambiguous")
  })

  it("NotUnique: twins at capture are refused, whatever the live window shows", () => {
    const twins = win({ role: "checkbox", name: "checkbutton" }, { role: "checkbox", name: "checkbutton" })
    const entry = capture(twins, [1])
    assert.isFalse(entry.unique_at_capture)
    const result = resolve(entry, win({ role: "checkbox", name: "checkbutton" }))
    assert.strictEqual(result._tag, "NotUnique")
    assert.strictEqual(identityFailureKind(result), "identity_not_unique")
  })

  it("NotUnique: a snapshot that could not read the whole window proves nothing", () => {
    const entry = capture(form, [0, 0], false)
    assert.strictEqual(resolve(entry, form)._tag, "NotUnique")
  })

  it("Unknown: the live read was incomplete (deadline or unread subtree)", () => {
    const entry = capture(form, [0, 0])
    const timedOut = resolve(entry, form, false)
    assert.strictEqual(timedOut._tag, "Unknown")
    assert.strictEqual(identityFailureKind(timedOut), "resolution_identity_unknown")
    const cut = win(box({ role: "button", name: "OK" }, { role: "button", name: "Cancel" }), { role: "group", unread: 2 })
    assert.strictEqual(resolve(entry, cut)._tag, "Unknown")
  })

  describe("content-named roles (a label whose text is its name)", () => {
    const counter = win(box({ role: "button", name: "Click me" }, { role: "cell", name: "clicks: 0" }), { role: "cell", name: "total" })

    it("Unique/renamed: same path, role and structure, and the old name is gone", () => {
      const result = resolve(capture(counter, [0, 1]), win(box({ role: "button", name: "Click me" }, { role: "cell", name: "clicks: 1" }), { role: "cell", name: "total" }))
      assert.strictEqual(result._tag, "Unique")
      if (result._tag === "Unique") {
        assert.strictEqual(result.match, "renamed")
        assert.strictEqual(result.node.name, "clicks: 1")
      }
    })

    it("no rename when the structure along the path changed (a sibling shifted in)", () => {
      const shifted = win(box({ role: "cell", name: "other" }), { role: "cell", name: "total" })
      assert.strictEqual(resolve(capture(win(box({ role: "cell", name: "clicks: 0" }, { role: "cell", name: "other" }), { role: "cell", name: "total" }), [0, 0]), shifted)._tag, "Absent")
    })

    it("no rename when the saved name still shows elsewhere, or the role changed", () => {
      const entry = capture(counter, [0, 1])
      const elsewhere = win(box({ role: "button", name: "Click me" }, { role: "cell", name: "clicks: 1" }), { role: "cell", name: "clicks: 0", description: "moved" })
      assert.strictEqual(resolve(entry, elsewhere)._tag, "Absent")
      const roleChanged = win(box({ role: "button", name: "Click me" }, { role: "statictext", name: "clicks: 1" }), { role: "cell", name: "total" })
      assert.strictEqual(resolve(entry, roleChanged)._tag, "Absent")
    })

    it("no rename for roles whose name is a label", () => {
      const entry = capture(form, [1])
      const renamed = win(box({ role: "button", name: "OK" }, { role: "button", name: "Cancel" }), { role: "checkbox", name: "Italic" })
      assert.strictEqual(resolve(entry, renamed)._tag, "Absent")
    })
  })

  describe("native ids", () => {
    it("a saved native id must match exactly", () => {
      const tree = win({ role: "button", name: "Save", id: "save_button" })
      const entry = capture(tree, [0])
      assert.strictEqual(resolve(entry, win({ role: "button", name: "Save", id: "save_as_button" }))._tag, "Absent")
      assert.strictEqual(resolve(entry, win({ role: "button", name: "Save" }))._tag, "Absent")
      assert.strictEqual(resolve(entry, tree)._tag, "Unique")
    })

    it("an object path is not evidence: a twin appearing with a fresh path makes the ref ambiguous", () => {
      const solo = win({ role: "button", name: "Solo", id: "/o/1", kind: "atspi_object_path" }, { role: "button", name: "Other", id: "/o/2", kind: "atspi_object_path" })
      const entry = capture(solo, [0])
      assert.isTrue(entry.unique_at_capture)
      assert.deepStrictEqual(entry.native_id, { kind: "atspi_object_path", value: "/o/1" })
      const duplicated = win(
        { role: "button", name: "Solo", id: "/o/1", kind: "atspi_object_path" },
        { role: "button", name: "Other", id: "/o/2", kind: "atspi_object_path" },
        { role: "button", name: "Solo", id: "/o/3", kind: "atspi_object_path" }
      )
      const result = resolve(entry, duplicated)
      assert.strictEqual(result._tag, "Ambiguous")
      assert.strictEqual(identityFailureKind(result), "saved_ref_ambiguous")
    })

    it("an object path is not evidence: a changed path alone does not make the element absent", () => {
      const entry = capture(win({ role: "button", name: "Solo", id: "/o/1", kind: "atspi_object_path" }), [0])
      const recreated = resolve(entry, win({ role: "button", name: "Solo", id: "/o/77", kind: "atspi_object_path" }))
      assert.strictEqual(recreated._tag, "Unique")
      // ...and the same path on a relabelled check box does not keep it alive.
      const box = capture(win({ role: "checkbox", name: "Bold", id: "/o/4", kind: "atspi_object_path" }), [0])
      assert.strictEqual(resolve(box, win({ role: "checkbox", name: "Italic", id: "/o/4", kind: "atspi_object_path" }))._tag, "Absent")
    })

    it("a label renamed in place still resolves through the path tier, whatever its object path", () => {
      const label = capture(win({ role: "statictext", name: "clicks: 0", id: "/o/9", kind: "atspi_object_path" }), [0])
      const result = resolve(label, win({ role: "statictext", name: "clicks: 5", id: "/o/10", kind: "atspi_object_path" }))
      assert.strictEqual(result._tag, "Unique")
      if (result._tag === "Unique") assert.strictEqual(result.match, "renamed")
    })
  })
})

describe("refEntryFor", () => {
  it("saves the fields the RefMap needs, omitting empty ones", () => {
    const root = build(win({ role: "button", name: "OK" }))
    const node = at(root, [0])
    const entry = refEntryFor(node, { pid: 42, app: "fixture", window_id: "w-1" }, { unique_at_capture: true, path_child_counts: [1] })
    assert.deepStrictEqual(entry, {
      pid: 42,
      role: "button",
      name: "OK",
      bounds_hash: "none",
      available_actions: ["Click"],
      source_app: "fixture",
      source_window_id: "w-1",
      path: [0],
      path_child_counts: [1],
      handle: "h:0",
      unique_at_capture: true
    })
  })
})
