/**
 * The Qt profile's quirks, each against a stand-in that answers as Qt 5.15.8's bridge was measured to (the real apps
 * are driven in apps/cli/src/e2e/realapps/qt.test.ts): what a read sends and shows, and what each action sends.
 */
import { assert, describe, it } from "@effect/vitest"
import { Accessible } from "../../atspi/Accessible.js"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { fakeHandle, fakeRef, type FakeApp, type FakeObject } from "../../atspi/testing/fakeApp.js"
import { Actor } from "../../actions/Actor.js"
import { failure } from "../../actions/testing/failure.js"
import { toObserved } from "../../tree/Observed.js"
import { TreeReader } from "../../tree/TreeReader.js"
import { gtk3 } from "../gtk3/profile.js"
import { qt } from "./profile.js"
import { fakeQtApp } from "../testing/fakeQtApp.js"
import { rawNode, stateSet, visibleStates } from "../../actions/testing/rawNode.js"
import { expandActionIndex } from "../../tree/ContractNode.js"

const shown = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const item = (name: string, parent: string, extra: Partial<FakeObject> = {}): FakeObject => ({
  role: AtspiRole.listItem, name, parent, interfaces: ["Component", "Action"], actions: ["Toggle"],
  states: [...shown, AtspiState.selectable, AtspiState.focusable], ...extra
})

/** The styles example's shape: a labelled combo box (its popup closed: 0x0), a tree row, a date-time edit. */
const stylesWindow = (): Record<string, FakeObject> => ({
  "/w": { role: AtspiRole.dialog, name: "Styles", children: ["/l", "/c", "/t", "/s"], interfaces: ["Component", "Action"] },
  "/l": { role: 29 /* label */, name: "Style:", parent: "/w", interfaces: ["Component"] },
  "/c": {
    role: AtspiRole.comboBox, name: "NorwegianWood", parent: "/w", children: ["/list"], labelledBy: ["/l"],
    interfaces: ["Component", "Action"], actions: ["ShowMenu", "Press"], extents: [400, 270, 150, 35]
  },
  "/list": { role: AtspiRole.list, parent: "/c", children: ["/i0", "/i1"], interfaces: ["Component"], extents: [0, 0, 0, 0] },
  "/i0": item("NorwegianWood", "/list", { extents: [402, 309, 150, 17] }),
  "/i1": item("Fusion", "/list", { extents: [402, 326, 150, 17] }),
  "/t": item("Getting Started", "/w", { role: AtspiRole.tableCell, extents: [20, 22, 84, 17], states: [...shown, AtspiState.selectable, AtspiState.expandable] }),
  "/s": {
    role: AtspiRole.spinButton, name: "Group 3", parent: "/w", interfaces: ["Component", "Action", "Text", "EditableText", "Value"],
    actions: ["SetFocus", "Increase", "Decrease"], value: 0, text: "2 Jan 2027 10:00:00"
  }
})

const read = async (objects: Record<string, FakeObject>) => {
  const app = fakeQtApp(objects)
  const result = await new TreeReader(app.session).read(fakeRef("/w"), { maxDepth: 10, deadline: Date.now() + 5000 })
  const nodes = new Map<string, ReturnType<typeof toObserved>>()
  const walk = (node: ReturnType<typeof toObserved>) => {
    nodes.set(node.nativeId?.value ?? "", node)
    for (const child of node.children ?? []) walk(child)
  }
  walk(toObserved(result.root))
  return { nodes, sent: app.sent }
}

const act = (app: FakeApp, path: string, action: Parameters<Actor["act"]>[1], headed = false) =>
  new Actor(app.session).act(fakeHandle(path), action, { headed, deadline: Date.now() + 5000 })

describe("Qt 5.15 reads", () => {
  it("never sends GetAll (it segfaults Qt), and never asks the combo box's popup for a Selection it lacks", async () => {
    const { sent } = await read(stylesWindow())
    assert.isFalse(sent.some((call) => call.includes("GetAll")))
    assert.isFalse(sent.some((call) => call.includes("GetSelectedChild")))
  })

  it("names a combo box after its LABELLED_BY label and takes its Name (the current text) as its value", async () => {
    const { nodes } = await read(stylesWindow())
    assert.strictEqual(nodes.get("/c")?.name, "Style:")
    assert.strictEqual(nodes.get("/c")?.value, "NorwegianWood")
    const unlabelled = stylesWindow()
    unlabelled["/c"] = { ...unlabelled["/c"]!, labelledBy: [] }
    const again = await read(unlabelled)
    assert.isUndefined(again.nodes.get("/c")?.name)
    assert.strictEqual(again.nodes.get("/c")?.value, "NorwegianWood")
  })

  it("offers Select, not Toggle/Check, on items whose only action is Qt's Toggle (it selects them)", async () => {
    const { nodes } = await read(stylesWindow())
    assert.include(nodes.get("/i1")?.actions ?? [], "Select")
    for (const action of ["Toggle", "Check", "Uncheck"]) assert.notInclude(nodes.get("/i1")?.actions ?? [], action)
    // A widget's Toggle stays a toggle: only items are aliased.
    const box = await Accessible.of(fakeQtApp({ "/b": { role: AtspiRole.checkBox, interfaces: ["Action"], actions: ["Toggle", "SetFocus"] } }).session,
      fakeRef("/b")).actions(1000, AtspiRole.checkBox)
    assert.deepStrictEqual(box.map((a) => a.name), ["toggle", "focus"])
  })

  it("reads a spin box's value from its text: QDateTimeEdit answers Value 0", async () => {
    const { nodes } = await read(stylesWindow())
    assert.strictEqual(nodes.get("/s")?.value, "2 Jan 2027 10:00:00")
  })
})

describe("Qt 5.15 actions", () => {
  it("select on a combo box: a wrong value is ELEMENT_NOT_FOUND, the current one AlreadyInState, another POLICY_DENIED without --headed", async () => {
    const app = fakeQtApp(stylesWindow())
    const missing = await failure(act(app, "/c", { kind: "select", value: "Motif" }))
    assert.strictEqual(missing.code, "ELEMENT_NOT_FOUND")
    assert.deepStrictEqual(missing.details?.["available"], ["NorwegianWood", "Fusion"])
    assert.deepStrictEqual(await act(app, "/c", { kind: "select", value: "norwegianwood" }), [
      { label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }
    ])
    const denied = await failure(act(app, "/c", { kind: "select", value: "Fusion" }))
    assert.strictEqual(denied.code, "POLICY_DENIED")
    assert.strictEqual(denied.details?.["headed_required"], true)
    assert.match(denied.message, /--headed/)
    // Selecting the popup's item is no way round it: an item of the combo box is chosen through the combo box.
    assert.strictEqual((await failure(act(app, "/i1", { kind: "select", value: "" }))).code, "POLICY_DENIED")
    assert.isFalse(app.sent.some((call) => call.includes("DoAction") || call.includes("SelectChild")))
  })

  it("select on a combo box with --headed: opens the popup with ShowMenu, clicks the item's centre, waits for the value", async () => {
    const objects = stylesWindow()
    const app = fakeQtApp(objects, {
      onSend: (member, path) => { if (path === "/c" && member === "DoAction") objects["/list"] = { ...objects["/list"]!, extents: [402, 309, 150, 34] } },
      onRegistry: (member, body) => {
        if (member === "GenerateMouseEvent" && body[0] === 477 && body[1] === 335 && body[2] === "b1c") objects["/c"]!.name = "Fusion"
      }
    })
    const steps = await act(app, "/c", { kind: "select", value: "Fusion" }, true)
    assert.deepStrictEqual(steps.map((s) => `${s.label} ${s.outcome}`), [
      "Action.DoAction(show menu) succeeded",
      "DeviceEventController.GenerateMouseEvent(b1c) succeeded"
    ])
    assert.strictEqual(objects["/c"]!.name, "Fusion")
  })

  it("select (and click) on an item sends its own select action, only while it is not selected; never Selection", async () => {
    const objects = stylesWindow()
    const app = fakeQtApp(objects)
    assert.deepStrictEqual((await act(app, "/t", { kind: "select", value: "" })).map((s) => s.label), ["Action.DoAction(select)"])
    objects["/t"]!.states = [...shown, AtspiState.selectable, AtspiState.selected]
    assert.deepStrictEqual((await act(app, "/t", { kind: "click" })).map((s) => s.label), ["AlreadyInState"])
    assert.isFalse(app.sent.some((call) => call.includes("SelectChild")))
  })

  it("select on a tab (no SELECTABLE, no Selection on its tab list) presses it", async () => {
    const app = fakeQtApp({
      "/tabs": { role: AtspiRole.pageTabList, name: "Table", children: ["/tab"], interfaces: ["Component", "Action"], actions: ["SetFocus"] },
      "/tab": { role: AtspiRole.pageTab, name: "Text Edit", parent: "/tabs", interfaces: ["Component", "Action"], actions: ["Press"] }
    })
    assert.deepStrictEqual((await act(app, "/tab", { kind: "select", value: "Text Edit" })).map((s) => s.label), ["Action.DoAction(press)"])
    assert.isFalse(app.sent.some((call) => call.includes("SelectChild")))
  })

  it("expand on a tree row (no expand action): POLICY_DENIED without --headed, a double-click at its centre with it", async () => {
    const app = fakeQtApp(stylesWindow())
    const denied = await failure(act(app, "/t", { kind: "expand" }))
    assert.strictEqual(denied.code, "POLICY_DENIED")
    assert.match(denied.message, /double-click/)
    assert.isFalse(app.sent.some((call) => call.includes("DoAction")), "Qt's Toggle would select the row, not expand it")
    const steps = await act(app, "/t", { kind: "expand" }, true)
    assert.deepStrictEqual(steps.map((s) => s.label), ["DeviceEventController.GenerateMouseEvent(b1d)"])
    assert.include(app.sent, "registry GenerateMouseEvent(62,31,b1d)")
  })

  it("a headed double-click on a row its view does not find at the row's centre (scrolled out, covered) is refused, nothing sent", async () => {
    const objects = stylesWindow()
    // A sibling drawn over the row's centre: the window's hit test finds it first.
    objects["/w"] = { ...objects["/w"]!, children: ["/cover", "/l", "/c", "/t", "/s"] }
    objects["/cover"] = { role: 29, name: "Overlay", parent: "/w", interfaces: ["Component"], extents: [0, 0, 300, 100] }
    const app = fakeQtApp(objects)
    const refused = await failure(act(app, "/t", { kind: "expand" }, true))
    assert.strictEqual(refused.code, "ACTION_FAILED")
    assert.match(refused.message, /would not land on the element/)
    assert.deepStrictEqual(refused.steps, [])
    assert.isFalse(app.sent.some((call) => call.includes("GenerateMouseEvent")))
  })

  it("focus is sent only where Qt lists SetFocus, scroll-to never (Qt has no Component.ScrollTo): both refused before sending", async () => {
    const objects = stylesWindow()
    objects["/b"] = { role: AtspiRole.checkBox, name: "Disable widgets", parent: "/w", interfaces: ["Component", "Action"], actions: ["Toggle", "SetFocus"] }
    const app = fakeQtApp(objects)
    assert.deepStrictEqual((await act(app, "/b", { kind: "focus" })).map((s) => `${s.label} ${s.outcome}`), ["Component.GrabFocus succeeded"])
    const focus = await failure(act(app, "/t", { kind: "focus" }))
    assert.strictEqual(focus.code, "ACTION_NOT_SUPPORTED")
    assert.match(focus.message, /SetFocus/)
    const scroll = await failure(act(app, "/b", { kind: "scroll_to" }))
    assert.strictEqual(scroll.code, "ACTION_NOT_SUPPORTED")
    assert.match(scroll.message, /ScrollTo/)
    assert.deepStrictEqual(app.sent.filter((call) => /GrabFocus|ScrollTo/.test(call)), ["b GrabFocus"])
  })

  it("InsertText's length counts UTF-16 code units on Qt, UTF-8 bytes elsewhere", async () => {
    const text = "héllo ✓"
    const field: FakeObject = { role: AtspiRole.text, interfaces: ["EditableText"] }
    const qtApp = fakeQtApp({ "/e": field })
    await new Accessible(qtApp.session, fakeRef("/e"), qt).insertText(0, text, 1000)
    assert.include(qtApp.sent, `e InsertText(0,${text},7)`)
    const other = fakeQtApp({ "/e": field })
    await new Accessible(other.session, fakeRef("/e"), gtk3).insertText(0, text, 1000)
    assert.include(other.sent, `e InsertText(0,${text},10)`)
  })
})

describe("Qt menu items", () => {
  it("expand opens a menu item's submenu through its only action, \"show menu\" (FeatherPad 1.3's File menu); collapse does not use it", () => {
    const menuItem = rawNode({ role: AtspiRole.menuItem, actions: ["show menu"], states: stateSet(...visibleStates) })
    assert.strictEqual(expandActionIndex(menuItem, true), 0)
    assert.strictEqual(expandActionIndex(menuItem, false), -1)
  })
})
