/**
 * The LibreOffice profile's quirks, each on a scripted app shaped like what LibreOffice Calc 7.4.7 (libreoffice-gtk3)
 * showed pyatspi: the read with the profile as it is, and where a field decides it, the same read without that field.
 */
import { assert, describe, it } from "@effect/vitest"
import type { SemanticAction } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import { Actor } from "../../actions/Actor.js"
import { failure } from "../../actions/testing/failure.js"
import { fakeApp, fakeHandle, fakeRef, type FakeAppOptions, type FakeObject } from "../../atspi/testing/fakeApp.js"
import type { RawTree } from "../../tree/RawTree.js"
import { TreeReader } from "../../tree/TreeReader.js"
import { gtk3 } from "../gtk3/profile.js"
import { libreoffice } from "./profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

const { enabled, sensitive, visible, showing, selectable, selected, editable, focusable, defunct, checked } = AtspiState
const shown = [enabled, sensitive, visible, showing]
const toolBar = 63

/** A Calc window as far as these quirks go (paths name what each object is). */
const calcWindow = (): Record<string, FakeObject> => ({
  "/frame": { role: AtspiRole.frame, name: "people.csv - LibreOffice Calc", states: shown, interfaces: ["Component"], children: ["/gtkBar", "/vclBar", "/formulaBar", "/inputLine"] },
  // The GTK menu bar LibreOffice draws, and VCL's own beside it: SHOWING, 0 px high, menus without actions.
  "/gtkBar": { role: AtspiRole.menuBar, states: shown, interfaces: ["Component", "Selection"], extents: [57, 50, 1141, 25], children: ["/gtkView", "/gtkHelp"] },
  "/gtkView": { role: AtspiRole.menu, name: "View", states: [...shown, selectable, selected], interfaces: ["Component", "Action", "Selection"], actions: ["click"], extents: [97, 50, 40, 25], children: ["/formulaBarItem", "/hiddenCopy"] },
  "/formulaBarItem": { role: 8, name: "Formula Bar", states: [...shown, selectable, checked], interfaces: ["Component", "Action"], actions: ["click"], extents: [137, 75, 300, 25] },
  "/hiddenCopy": { role: AtspiRole.menu, name: "Toolbars", states: [enabled, selectable], interfaces: ["Component", "Action"], actions: ["click"] },
  "/gtkHelp": { role: AtspiRole.menu, name: "Help", states: [...shown, selectable], interfaces: ["Component", "Action", "Selection"], actions: ["click"], extents: [400, 50, 40, 25] },
  "/vclBar": { role: AtspiRole.menuBar, states: [...shown, focusable], interfaces: ["Component", "Selection"], extents: [57, 50, 1165, 0], children: ["/vclView"] },
  "/vclView": { role: AtspiRole.menu, name: "View", states: shown, interfaces: ["Component", "Selection", "Value"], extents: [97, 50, 40, 19] },
  "/formulaBar": { role: toolBar, name: "Formula Tool Bar", states: shown, interfaces: ["Component"], extents: [57, 100, 900, 30], children: ["/fontSize"] },
  "/fontSize": { role: AtspiRole.panel, name: "Font Size", states: [...shown, focusable], interfaces: ["Component", "Action", "Value"], actions: ["press"], extents: [60, 100, 80, 30], children: ["/sizeEntry", "/sizeButton"] },
  "/sizeEntry": { role: AtspiRole.text, states: [...shown, editable, focusable], interfaces: ["Component", "Action", "Text", "EditableText"], actions: ["activate"], extents: [60, 100, 60, 30], text: "10 pt" },
  "/sizeButton": { role: AtspiRole.toggleButton, states: [...shown, focusable], interfaces: ["Component", "Action"], actions: ["click"], extents: [120, 100, 20, 30] },
  "/inputLine": { role: AtspiRole.panel, name: "Input line", states: [defunct], interfaces: ["Component", "Selection"], children: ["/paragraph"] },
  "/paragraph": { role: AtspiRole.paragraph, states: [...shown, editable, focusable], interfaces: ["Component", "Text", "EditableText"], extents: [300, 100, 600, 30], text: "gamma" }
})

const read = async (profile: ToolkitProfile, objects = calcWindow()) => {
  const tree = await new TreeReader(fakeApp(profile, objects).session).read(fakeRef("/frame"), { maxDepth: 64, deadline: Date.now() + 10_000 })
  const byPath = new Map<string, RawTree>()
  const walk = (at: RawTree) => {
    byPath.set(at.node.ref.path, at)
    for (const child of at.children ?? []) walk(child)
  }
  walk(tree.root)
  return { tree, byPath }
}

const without = (field: keyof ToolkitProfile): ToolkitProfile => ({ ...libreoffice, [field]: undefined })

describe("LibreOffice profile: what a read takes", () => {
  it("skips VCL's 0 px menu bar (every top-level menu was found twice) but reads the GTK one; without hiddenWithoutArea both", async () => {
    const { tree, byPath } = await read(libreoffice)
    assert.isTrue(tree.complete)
    assert.isFalse(byPath.has("/vclBar"))
    assert.isFalse(byPath.has("/vclView"))
    assert.isTrue(byPath.has("/gtkView"))
    assert.isTrue((await read(without("hiddenWithoutArea"))).byPath.has("/vclView"))
  })

  it("skips the hidden copy of a submenu (not VISIBLE)", async () => {
    assert.isFalse((await read(libreoffice)).byPath.has("/hiddenCopy"))
  })

  it("reads the formula input line under its container that reports DEFUNCT alone; without defunctAloneIsLive it is lost", async () => {
    const { byPath } = await read(libreoffice)
    assert.strictEqual(byPath.get("/paragraph")?.node.text, "gamma")
    assert.isFalse((await read(without("defunctAloneIsLive"))).byPath.has("/paragraph"))
  })

  it("reads a menu as expandable, expanded while SELECTED (GTK menus say neither)", async () => {
    const { byPath } = await read(libreoffice)
    const view = byPath.get("/gtkView")!.node.states
    const help = byPath.get("/gtkHelp")!.node.states
    assert.isTrue(view.has(AtspiState.expandable) && view.has(AtspiState.expanded))
    assert.isTrue(help.has(AtspiState.expandable) && !help.has(AtspiState.expanded))
    assert.isFalse((await read(without("menusOpenWhileSelected"))).byPath.get("/gtkView")!.node.states.has(AtspiState.expandable))
  })

  it("leaves out a tool bar item's Value (its check state; setting it changes nothing)", async () => {
    const { byPath } = await read(libreoffice)
    assert.notInclude(byPath.get("/fontSize")!.node.interfaces, "Value")
    assert.isUndefined(byPath.get("/fontSize")!.node.value)
    assert.include((await read(without("inertValueRoles"))).byPath.get("/fontSize")!.node.interfaces, "Value")
  })

  it("names a tool bar box's unnamed entry and button after the box, and the input line after its container", async () => {
    const { byPath } = await read(libreoffice)
    assert.strictEqual(byPath.get("/sizeEntry")!.node.computedName, "Font Size")
    assert.strictEqual(byPath.get("/sizeButton")!.node.computedName, "Font Size")
    assert.strictEqual(byPath.get("/paragraph")!.node.computedName, "Input line")
    assert.isUndefined((await read(without("namesFromContainer"))).byPath.get("/sizeEntry")!.node.computedName)
  })
})

/** The font size box's popup list: a column header, then one selectable row per size, each with "activate". */
const popupList = (): Record<string, FakeObject> => {
  const rows = ["10 pt", "12 pt", "14 pt"]
  const objects: Record<string, FakeObject> = {
    "/list": { role: AtspiRole.table, states: [...shown, focusable], interfaces: ["Component", "Selection", "Table"], children: ["/header", ...rows.map((_, i) => `/row${i}`)] },
    "/header": { role: 57, states: [enabled], interfaces: ["Component", "Action"], actions: ["click"] }
  }
  rows.forEach((name, i) => {
    objects[`/row${i}`] = {
      role: AtspiRole.tableCell, name, states: [...shown, selectable, focusable], interfaces: ["Component", "Action", "Text"],
      actions: ["expand or contract", "edit", "activate"], extents: [0, 20 * i, 80, 20]
    }
  })
  return objects
}

const act = (profile: ToolkitProfile, objects: Record<string, FakeObject>, path: string, action: SemanticAction, onSend?: FakeAppOptions["onSend"]) => {
  const app = fakeApp(profile, objects, { onSend })
  const steps = new Actor(app.session).act(fakeHandle(path), action, { headed: false, deadline: Date.now() + 5000 })
  return { sent: app.sent, steps }
}

describe("LibreOffice profile: how actions are sent", () => {
  it("collapses an open menu through its parent's Selection.DeselectChild (a second click leaves it open)", async () => {
    const objects = calcWindow()
    const { sent, steps } = act(libreoffice, objects, "/gtkView", { kind: "collapse" }, (member, path) => {
      if (path === "/gtkBar" && member === "DeselectChild") objects["/gtkView"] = { ...objects["/gtkView"]!, states: [...shown, selectable] }
    })
    assert.deepStrictEqual((await steps).map((s) => s.label), ["Selection.DeselectChild"])
    assert.deepStrictEqual(sent, ["/gtkBar DeselectChild(0)"])
  })

  it("expands a closed menu by its click action; an open one is already in state (nothing sent)", async () => {
    const objects = calcWindow()
    const opened = act(libreoffice, objects, "/gtkHelp", { kind: "expand" }, (member, path) => {
      if (path === "/gtkHelp" && member === "DoAction") objects["/gtkHelp"] = { ...objects["/gtkHelp"]!, states: [...shown, selectable, selected] }
    })
    assert.deepStrictEqual((await opened.steps).map((s) => s.label), ["Action.DoAction(click)"])
    assert.deepStrictEqual(opened.sent, ["/gtkHelp DoAction(0)"])
    const again = act(libreoffice, objects, "/gtkView", { kind: "expand" })
    assert.deepStrictEqual((await again.steps).map((s) => s.outcome), ["skipped"])
    assert.deepStrictEqual(again.sent, [])
  })

  it("selects a popup list's row by focusing and activating it (SelectChild only highlighted it; a bare activate applied another row)", async () => {
    const { sent, steps } = act(libreoffice, popupList(), "/list", { kind: "select", value: "14 pt" })
    assert.deepStrictEqual((await steps).map((s) => s.label), ["Component.GrabFocus", "Action.DoAction(activate)"])
    assert.deepStrictEqual(sent, ["/row2 GrabFocus()", "/row2 DoAction(2)"])
    // GTK 3 itself: the list's Selection, as before.
    const gtk = act(gtk3, popupList(), "/list", { kind: "select", value: "14 pt" })
    await gtk.steps
    assert.deepStrictEqual(gtk.sent, ["/list SelectChild(3)"])
  })

  it("clicks a popup list's row with its cursor moved there first", async () => {
    const clicked = act(libreoffice, popupList(), "/row1", { kind: "click" })
    await clicked.steps
    assert.deepStrictEqual(clicked.sent, ["/row1 GrabFocus()", "/row1 DoAction(2)"])
    const gtk = act(gtk3, popupList(), "/row1", { kind: "click" })
    await gtk.steps
    assert.deepStrictEqual(gtk.sent, ["/row1 DoAction(2)"])
  })

  it("refuses text into a cell before sending anything, saying how text does get in (the error's suggestion)", async () => {
    const cell: Record<string, FakeObject> = {
      "/cell": { role: AtspiRole.tableCell, name: "B3", states: [...shown, editable, focusable, selectable], interfaces: ["Component", "Text", "Value"], text: "" }
    }
    for (const action of [{ kind: "type", text: "x" }, { kind: "set_value", value: "x" }] as const) {
      const { sent, steps } = act(libreoffice, cell, "/cell", action)
      const error = await failure(steps)
      assert.strictEqual(error.code, "ACTION_NOT_SUPPORTED")
      assert.match(error.message, /no EditableText/)
      assert.match(error.suggestion ?? "", /Name Box.*'Input line'.*'Accept'/)
      assert.deepStrictEqual(sent, [])
    }
  })
})
