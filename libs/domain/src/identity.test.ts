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
  readonly traits?: string
  readonly states?: ReadonlyArray<string>
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
  ...(spec.traits === undefined ? {} : { traits: spec.traits }),
  path,
  states: spec.states ?? [],
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

  it("twins by their fields are told apart by place: six check boxes named checkbutton in one box", () => {
    const tree = win(box(...Array.from({ length: 6 }, () => ({ role: "checkbox", name: "checkbutton" }))), { role: "checkbox", name: "Bold" })
    const root = build(tree)
    const result = captureIdentities(root, [at(root, [0, 2]), at(root, [1])], { complete: true })
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [true, true])
    // Bold is unique by its fields alone and saves nothing more; the third check box saves its place.
    assert.isUndefined(result.identities[1]!.context)
    assert.deepStrictEqual(result.identities[0]!.context, { place: [0, 2], place_child_counts: [2, 6] })
  })

  it("true twins: the same fields at the same place below look-alike named ancestors", () => {
    const row = (): Spec => ({ role: "group", name: "Row", children: [{ role: "checkbox", name: "checkbutton" }] })
    const root = build(win(row(), row()))
    const result = captureIdentities(root, [at(root, [0, 0]), at(root, [1, 0]), at(root, [0])], { complete: true })
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [false, false, true])
    assert.deepStrictEqual(result.identities.map((i) => i.twin), [true, true, undefined])
  })

  it("unnamed entries are told apart by place, never by their addresses", () => {
    const plain = build(win({ role: "textfield" }, { role: "textfield" }))
    const first = captureIdentities(plain, [at(plain, [0])], { complete: true }).identities[0]!
    assert.isTrue(first.unique_at_capture)
    assert.deepStrictEqual(first.context, { place: [0], place_child_counts: [2] })
    // Below look-alike panes, object paths (or UIA runtime ids) do not make them unique.
    const pane = (id: string, kind: string): Spec => ({ role: "group", name: "Pane", children: [{ role: "textfield", id, kind }] })
    const withPaths = build(win(pane("/a/1", "atspi_object_path"), pane("/a/2", "atspi_object_path")))
    assert.isFalse(captureIdentities(withPaths, [at(withPaths, [0, 0])], { complete: true }).identities[0]!.unique_at_capture)
    const uia = build(win(pane("42.1", "runtime_id"), pane("42.2", "runtime_id")))
    assert.isFalse(captureIdentities(uia, [at(uia, [0, 0])], { complete: true }).identities[0]!.unique_at_capture)
  })

  it("a password entry is told from a plain one by its kind (the secure state), without its place", () => {
    const root = build(win(box({ role: "textfield" }, { role: "textfield", states: ["secure"] })))
    const result = captureIdentities(root, [at(root, [0, 0]), at(root, [0, 1])], { complete: true })
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [true, true])
    assert.deepStrictEqual(result.identities.map((i) => i.kind), ["", "\u0000secure"])
    assert.deepStrictEqual(result.identities.map((i) => i.context), [undefined, undefined])
  })

  it("a platform's traits tell twins of one role apart (a terminal and an entry are both textfields)", () => {
    const root = build(win({ role: "textfield", traits: "terminal" }, { role: "textfield", traits: "entry" }))
    const entry = captureIdentities(root, [at(root, [1])], { complete: true }).identities[0]!
    assert.isTrue(entry.unique_at_capture)
    assert.strictEqual(entry.kind, "entry")
    assert.isUndefined(entry.context)
  })

  it("nested twins (a Menu button holding a Menu toggle) are told apart by their nearest named ancestor", () => {
    const root = build(win({ role: "toolbar", name: "Header", children: [{ role: "button", name: "Menu", children: [{ role: "button", name: "Menu" }] }] }))
    const result = captureIdentities(root, [at(root, [0, 0]), at(root, [0, 0, 0])], { complete: true })
    assert.deepStrictEqual(result.identities.map((i) => i.unique_at_capture), [true, true])
    assert.deepStrictEqual(result.identities.map((i) => i.context?.anchor), [{ role: "toolbar", name: "Header" }, { role: "button", name: "Menu" }])
    assert.deepStrictEqual(result.identities.map((i) => i.context?.place), [[0], [0]])
  })

  it("a description names an ancestor too (a tool bar box described 'Borders')", () => {
    const boxOf = (description: string): Spec => ({ role: "group", description, children: [{ role: "button" }, { role: "button" }] })
    const root = build(win(boxOf("Borders"), boxOf("Background")))
    const entry = captureIdentities(root, [at(root, [1, 1])], { complete: true }).identities[0]!
    assert.deepStrictEqual(entry.context, { anchor: { role: "group", description: "Background" }, place: [1], place_child_counts: [2] })
  })

  it("a toolkit identifier a developer set tells unnamed entries apart", () => {
    const ids = build(win({ role: "textfield", id: "first_name", kind: "automation_id" }, { role: "textfield", id: "last_name", kind: "automation_id" }))
    assert.isTrue(captureIdentities(ids, [at(ids, [0])], { complete: true }).identities[0]!.unique_at_capture)
  })

  it("mutable values never distinguish nodes; stable values do", () => {
    const pane = (value: string): Spec => ({ role: "group", name: "Pane", children: [{ role: "textfield", value }] })
    const fields = build(win(pane("a"), pane("b")))
    assert.isFalse(captureIdentities(fields, [at(fields, [0, 0])], { complete: true }).identities[0]!.unique_at_capture)
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

  it("NotUnique: true twins at capture are refused, whatever the live window shows", () => {
    const row = (): Spec => ({ role: "group", name: "Row", children: [{ role: "checkbox", name: "checkbutton" }] })
    const entry = capture(win(row(), row()), [1, 0])
    assert.isFalse(entry.unique_at_capture)
    const result = resolve(entry, win(row()))
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

  describe("twins told apart by kind or place", () => {
    const login = win(box({ role: "statictext", name: "Username:" }, { role: "statictext", name: "Password:" }), box({ role: "textfield" }, { role: "textfield", states: ["secure"] }))
    const views = (...panes: ReadonlyArray<Spec>): Spec => ({ role: "frame", name: "Meld", children: [{ role: "group", children: panes }] })
    const pane = (value: string): Spec => ({ role: "group", children: [{ role: "scrollpane", children: [{ role: "textfield", value }] }] })

    it("a kind-told ref resolves by its kind, wherever it moved, and never to the plain twin", () => {
      const entry = capture(login, [1, 1])
      assert.strictEqual(entry.kind, "\u0000secure")
      const moved = win(box({ role: "textfield", states: ["secure"] }, { role: "textfield" }))
      const result = resolve(entry, moved)
      assert.strictEqual(result._tag, "Unique")
      if (result._tag === "Unique") assert.deepStrictEqual(result.node.path, [0, 0])
      assert.strictEqual(resolve(entry, win(box({ role: "textfield" }, { role: "textfield" })))._tag, "Absent")
    })

    it("a place-told ref resolves at its place, whatever its value; the window's title is no part of it", () => {
      const entry = capture(views(pane("left"), pane("right")), [0, 1, 0, 0])
      assert.deepStrictEqual(entry.context, { place: [0, 1, 0, 0], place_child_counts: [1, 2, 1, 1] })
      const edited = { ...views(pane("left"), pane("zero right")), name: "*Meld" }
      const result = resolve(entry, edited)
      assert.strictEqual(result._tag, "Unique")
      if (result._tag === "Unique") {
        assert.strictEqual(result.match, "exact")
        assert.strictEqual(result.node.value, "zero right")
      }
    })

    it("a pane added before it shifts a neighbour into its place: refused (a count changed), not the neighbour", () => {
      const entry = capture(views(pane("left"), pane("right")), [0, 1, 0, 0])
      assert.strictEqual(resolve(entry, views(pane("new"), pane("left"), pane("right")))._tag, "Absent")
      // Its twin gone, it is still found at its place.
      const solo = capture(views(pane("left"), pane("right")), [0, 0, 0, 0])
      assert.strictEqual(resolve(solo, views(pane("left"), { role: "group" }))._tag, "Unique")
    })

    it("nested twins resolve each to itself; a place below a look-alike ancestor that appeared is ambiguous", () => {
      const menu = (): Spec => ({ role: "button", name: "Menu", children: [{ role: "button", name: "Menu" }] })
      const header = (...children: ReadonlyArray<Spec>): Spec => win({ role: "toolbar", name: "Header", children })
      const inner = capture(header(menu()), [0, 0, 0])
      const outer = capture(header(menu()), [0, 0])
      const innerHit = resolve(inner, header(menu()))
      const outerHit = resolve(outer, header(menu()))
      assert.isTrue(innerHit._tag === "Unique" && innerHit.node.path.length === 3)
      assert.isTrue(outerHit._tag === "Unique" && outerHit.node.path.length === 2)
      // A second Menu button elsewhere: the inner toggle now has a look-alike at the same place below a "Menu".
      const twice = win({ role: "toolbar", name: "Header", children: [menu()] }, { role: "toolbar", name: "Footer", children: [menu()] })
      assert.strictEqual(resolve(inner, twice)._tag, "Ambiguous")
    })
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
