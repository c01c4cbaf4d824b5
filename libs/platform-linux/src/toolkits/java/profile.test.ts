/**
 * The Java profile's quirks against a stand-in shaped as the Java ATK wrapper (0.40, OpenJDK 17) was measured to answer
 * for tools/desktop/fixtures/SwingForm.java (the real form is driven in libs/engine/src/sources/swingForm.desktop.test.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import { Actor } from "../../actions/Actor.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { fakeApp, fakeHandle, fakeRef, type FakeObject } from "../../atspi/testing/fakeApp.js"
import { toObserved } from "../../tree/Observed.js"
import { TreeReader } from "../../tree/TreeReader.js"
import { java } from "./profile.js"

const shown = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const label = (name: string, parent: string, states: ReadonlyArray<number> = shown, extra: Partial<FakeObject> = {}): FakeObject =>
  ({ role: AtspiRole.label, name, parent, interfaces: ["Component"], states, ...extra })

/**
 * A form row: the label names the combo box only by its own LABEL_FOR; the combo box's Name is its current item, its
 * items under popup menu > scroll pane > (viewport > list, scroll bar). A tree whose nodes are labels.
 */
const form = (): Record<string, FakeObject> => ({
  "/w": { role: AtspiRole.frame, name: "Swing Order", children: ["/p"], interfaces: ["Component"] },
  "/p": { role: AtspiRole.panel, parent: "/w", children: ["/l", "/c", "/tree"], interfaces: ["Component"] },
  "/l": label("Size", "/p", shown, { labelFor: ["/c"] }),
  "/c": {
    role: AtspiRole.comboBox, name: "Small", parent: "/p", children: ["/menu"], interfaces: ["Component", "Action", "Selection"],
    actions: ["togglePopup"], states: [...shown, AtspiState.focusable]
  },
  "/menu": { role: AtspiRole.popupMenu, parent: "/c", children: ["/scroll"], interfaces: ["Component"], states: [AtspiState.enabled] },
  "/scroll": { role: AtspiRole.scrollPane, parent: "/menu", children: ["/viewport", "/bar"], interfaces: ["Component"], states: [AtspiState.enabled] },
  "/viewport": { role: AtspiRole.viewport, parent: "/scroll", children: ["/list"], interfaces: ["Component"], states: [AtspiState.enabled] },
  "/bar": { role: AtspiRole.scrollBar, parent: "/scroll", interfaces: ["Component"], states: [AtspiState.enabled] },
  "/list": { role: AtspiRole.list, parent: "/viewport", children: ["/i0", "/i1", "/i2"], interfaces: ["Component", "Selection"], states: [AtspiState.enabled] },
  "/i0": label("Small", "/list", [AtspiState.enabled, AtspiState.selectable, AtspiState.selected]),
  "/i1": label("Medium", "/list", [AtspiState.enabled, AtspiState.selectable]),
  "/i2": label("Large", "/list", [AtspiState.enabled, AtspiState.selectable]),
  "/tree": { role: AtspiRole.tree, name: "Locations", parent: "/p", children: ["/n0"], interfaces: ["Component", "Selection"] },
  "/n0": label("Warehouse", "/tree", [...shown, AtspiState.expandable, AtspiState.expanded, AtspiState.focusable], { children: ["/n1"], interfaces: ["Component", "Action"], actions: ["toggleexpand"] }),
  "/n1": label("North", "/n0", [...shown, AtspiState.expandable, AtspiState.focusable], { interfaces: ["Component", "Action"], actions: ["toggleexpand"] })
})

const read = async (objects: Record<string, FakeObject>) => {
  const app = fakeApp(java, objects)
  const result = await new TreeReader(app.session).read(fakeRef("/w"), { maxDepth: 12, deadline: Date.now() + 5000 })
  const nodes = new Map<string, ReturnType<typeof toObserved>>()
  const walk = (node: ReturnType<typeof toObserved>) => {
    nodes.set(node.nativeId?.value ?? "", node)
    for (const child of node.children ?? []) walk(child)
  }
  walk(toObserved(result.root))
  return nodes
}

describe("Java (ATK wrapper) reads", () => {
  it("names a combo box after the label whose LABEL_FOR points at it, and takes its Name (the current item) as its value", async () => {
    const nodes = await read(form())
    assert.strictEqual(nodes.get("/c")?.name, "Size")
    assert.strictEqual(nodes.get("/c")?.value, "Small")
    // No label points at it: no name, rather than a name that changes with every choice.
    const unlabelled = form()
    unlabelled["/l"] = { ...unlabelled["/l"]!, labelFor: [] }
    assert.isUndefined((await read(unlabelled)).get("/c")?.name)
  })

  it("reads a tree's label nodes as tree items, nested ones too; a plain label stays static text", async () => {
    const nodes = await read(form())
    assert.strictEqual(nodes.get("/n0")?.role, "treeitem")
    assert.strictEqual(nodes.get("/n1")?.role, "treeitem")
    assert.strictEqual(nodes.get("/l")?.role, "statictext")
  })

  it("gives a nested tree node read alone (an action's read-back) the role a tree read gives it", async () => {
    const app = fakeApp(java, form())
    assert.strictEqual((await new Actor(app.session).readState(fakeHandle("/n1"))).role, "treeitem")
    assert.strictEqual((await new Actor(app.session).readState(fakeHandle("/l"))).role, "statictext")
  })
})

describe("Java (ATK wrapper) select", () => {
  it("finds a combo box's items through its popup's scroll pane and list, and selects by the combo box's own Selection", async () => {
    const app = fakeApp(java, form())
    await new Actor(app.session).act(fakeHandle("/c"), { kind: "select", value: "Large" }, { headed: false, deadline: Date.now() + 5000 })
    assert.include(app.sent, "/c SelectChild(2)")
  })

  it("selects a nested tree node through the node above it (each Java tree node is its children's Selection); collapsed nodes stay shut", async () => {
    const objects = form()
    const node = (name: string, parent: string, states: ReadonlyArray<number>, children?: ReadonlyArray<string>) =>
      label(name, parent, [...shown, AtspiState.focusable, ...states], { interfaces: ["Component", "Action", "Selection"], actions: ["toggleexpand"], ...(children ? { children } : {}) })
    objects["/n0"] = node("Warehouse", "/tree", [AtspiState.expandable, AtspiState.expanded], ["/n1", "/n4"])
    objects["/n1"] = node("North", "/n0", [AtspiState.expandable, AtspiState.expanded], ["/n2", "/n3"])
    objects["/n2"] = node("Shelf A", "/n1", [])
    objects["/n3"] = node("Shelf B", "/n1", [])
    objects["/n4"] = node("South", "/n0", [AtspiState.expandable], ["/n5"])
    objects["/n5"] = node("Shelf C", "/n4", [])
    const app = fakeApp(java, objects)
    const actor = new Actor(app.session)
    await actor.act(fakeHandle("/tree"), { kind: "select", value: "Shelf B" }, { headed: false, deadline: Date.now() + 5000 })
    assert.deepStrictEqual(app.sent.filter((line) => line.includes("SelectChild")), ["/n1 SelectChild(1)"])
    const error = await actor.act(fakeHandle("/tree"), { kind: "select", value: "Shelf C" }, { headed: false, deadline: Date.now() + 5000 })
      .then(() => undefined, (e: unknown) => e as { code: string; details?: { available?: ReadonlyArray<string> } })
    assert.strictEqual(error?.code, "ELEMENT_NOT_FOUND")
    assert.deepStrictEqual(error?.details?.available, ["Warehouse", "North", "South", "Shelf A", "Shelf B"])
  })

  it("refuses an item the popup does not have, naming the ones it has, sending nothing", async () => {
    const app = fakeApp(java, form())
    const error = await new Actor(app.session).act(fakeHandle("/c"), { kind: "select", value: "Huge" }, { headed: false, deadline: Date.now() + 5000 })
      .then(() => undefined, (e: unknown) => e as { code: string; details?: { available?: ReadonlyArray<string> } })
    assert.strictEqual(error?.code, "ELEMENT_NOT_FOUND")
    assert.deepStrictEqual(error?.details?.available, ["Small", "Medium", "Large"])
    assert.isFalse(app.sent.some((line) => line.includes("SelectChild")))
  })
})

describe("Java (ATK wrapper) table cells", () => {
  /** AT-SPI's TRANSIENT state (not among the states the reader names). */
  const TRANSIENT = 28
  /** A JTable as the wrapper shows it: its cells are labels with TableCell, TRANSIENT, neither SELECTABLE nor Action. */
  const table = (): Record<string, FakeObject> => {
    const objects = form()
    objects["/p"] = { ...objects["/p"]!, children: ["/l", "/c", "/tree", "/t"] }
    objects["/t"] = { role: AtspiRole.table, name: "Basket", parent: "/p", children: ["/t0", "/t1"], interfaces: ["Component", "Selection", "Table"], states: [...shown, AtspiState.focusable] }
    objects["/t0"] = label("Pears", "/t", [...shown, AtspiState.focusable, TRANSIENT], { interfaces: ["Component", "TableCell"] })
    objects["/t1"] = label("5", "/t", [...shown, AtspiState.focusable, TRANSIENT], { interfaces: ["Component", "TableCell"] })
    return objects
  }

  it("reads a table's label cells as cells (refs), read alone too; a plain label stays static text", async () => {
    const nodes = await read(table())
    assert.strictEqual(nodes.get("/t0")?.role, "cell")
    assert.strictEqual(nodes.get("/t1")?.role, "cell")
    assert.strictEqual(nodes.get("/l")?.role, "statictext")
    const app = fakeApp(java, table())
    assert.strictEqual((await new Actor(app.session).readState(fakeHandle("/t1"))).role, "cell")
  })

  it("refuses to type into or set a cell, naming the cell and why (the wrapper gives it no way in), sending nothing", async () => {
    for (const action of [{ kind: "set_value", value: "9" }, { kind: "type", text: "9" }] as const) {
      const app = fakeApp(java, table())
      const error = await new Actor(app.session).act(fakeHandle("/t1"), action, { headed: false, deadline: Date.now() + 5000 })
        .then(() => undefined, (e: unknown) => e as { code: string; message: string; details?: Record<string, unknown>; suggestion?: string })
      assert.strictEqual(error?.code, "ACTION_NOT_SUPPORTED")
      assert.match(error!.message, /^a cell does not support .*TableCell/)
      assert.deepInclude(error!.details, { role: "cell", toolkit: "java" })
      assert.match(error!.suggestion ?? "", /select on the table/)
      assert.deepStrictEqual(app.sent, [])
    }
    // A plain label is not given the cell's reason.
    const app = fakeApp(java, table())
    const plain = await new Actor(app.session).act(fakeHandle("/l"), { kind: "set_value", value: "9" }, { headed: false, deadline: Date.now() + 5000 })
      .then(() => undefined, (e: unknown) => e as { message: string })
    assert.notMatch(plain?.message ?? "", /TableCell/)
  })
})
