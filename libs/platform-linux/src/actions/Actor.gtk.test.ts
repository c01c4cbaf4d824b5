/**
 * What the GTK profiles change in acting, on scripted apps: a toggle on something with no checked state is refused
 * before anything is sent, GTK 4.8's toggle buttons and check buttons, GTK 3's combo box popups, a value that lands
 * late, GTK 4.8's drop-downs and unnamed list rows, and a headed press into a GTK 4.8 window.
 */
import { assert, describe, it } from "@effect/vitest"
import type { SemanticAction } from "@agent-desktop/platform"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState } from "../atspi/States.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { gtk4 } from "../toolkits/gtk4/profile.js"
import { Actor } from "./Actor.js"
import { fakeApp, fakeHandle, fakeRef, sentLine, type FakeApp, type FakeAppOptions, type FakeCall, type FakeObject } from "../atspi/testing/fakeApp.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { failure } from "./testing/failure.js"

const shown: Array<number> = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
/** What these tests read back: "<member>(<path>)" for a message to the app, "key <keysym in hex>" for a key event. */
const sentAs = (call: FakeCall) =>
  call.read ? undefined : call.to === "app" ? `${call.member}(${call.path})`
    : call.member === "GenerateKeyboardEvent" ? `key ${Number(call.body[0]).toString(16)}` : sentLine(call)
const gtkApp = (profile: ToolkitProfile, objects: Record<string, FakeObject>, onSend?: FakeAppOptions["onSend"], onRegistry?: FakeAppOptions["onRegistry"]) =>
  fakeApp(profile, objects, { onSend, onRegistry, record: sentAs })
const act = (app: FakeApp, action: SemanticAction, headed = false, path = "/target") =>
  new Actor(app.session).act(fakeHandle(path), action, { headed, deadline: Date.now() + 5000 })
const readState = (app: FakeApp, path = "/target") => new Actor(app.session).readState(fakeHandle(path))

describe("toggle is refused before anything is sent unless there is a checked state to change", () => {
  it("a plain GTK 3 menu item: ACTION_NOT_SUPPORTED naming click, nothing sent (before, it was clicked and reported failed)", async () => {
    const app = gtkApp(gtk3, { "/target": { role: AtspiRole.menuItem, name: "Count", states: shown, interfaces: ["Action"], actions: ["click"] } })
    const error = await failure(act(app, { kind: "toggle" }))
    assert.strictEqual(error.code, "ACTION_NOT_SUPPORTED")
    assert.match(error.message, /nothing was sent.*click/)
    assert.deepStrictEqual(app.sent, [])
  })

  it("a GTK 3 check menu item toggles once, through its click action", async () => {
    const item = { role: 8, name: "Wrap", states: shown, interfaces: ["Action"], actions: ["click"] }
    const app = gtkApp(gtk3, { "/target": item }, () => { item.states = [...shown, AtspiState.checked] })
    const steps = await act(app, { kind: "toggle" })
    assert.deepStrictEqual(steps.map((s) => `${s.label} ${s.outcome}`), ["Action.DoAction(click) succeeded"])
    assert.deepStrictEqual(app.sent, ["DoAction(/target)"])
  })

  it("a GTK 4.8 toggle button is a pressed push button: checked, toggled by its click action and waited for", async () => {
    const button = { role: AtspiRole.pushButton, name: "Message", states: [...shown, AtspiState.pressed], interfaces: ["Action"], actions: ["click"] }
    const app = gtkApp(gtk4, { "/target": button }, () => { setTimeout(() => { button.states = [...shown] }, 120) })
    assert.include((await readState(app)).states, "checked")
    await act(app, { kind: "toggle" })
    assert.deepStrictEqual(app.sent, ["DoAction(/target)"])
    assert.notInclude((await readState(app)).states, "checked", "the handler returned only once the change showed")
  })

  it("a GTK 4.8 check button lists no action: headless it is POLICY_DENIED naming --headed, and nothing is sent", async () => {
    const app = gtkApp(gtk4, { "/target": { role: AtspiRole.checkBox, name: "GtkCheckButton", states: [...shown, AtspiState.checked], interfaces: ["Action"], actions: [] } })
    const error = await failure(act(app, { kind: "toggle" }))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepStrictEqual(error.details, { headed_required: true, toolkit: "gtk4" })
    assert.deepStrictEqual(app.sent, [])
  })
})

describe("a GTK 3 combo box's popup is its expanded state", () => {
  const combo = () => {
    const menu: FakeObject = { role: AtspiRole.menu, states: [], interfaces: ["Selection"], children: [] }
    return gtkApp(gtk3, {
      "/target": { role: AtspiRole.comboBox, name: "Color", states: shown, interfaces: ["Action", "Selection"], actions: ["press"], children: ["/menu"] },
      "/menu": menu
    }, () => {
      // at-spi2-atk shows the popup a moment after answering.
      setTimeout(() => { menu.states = menu.states?.length === 0 ? [...shown] : [] }, 120)
    })
  }

  it("expand opens it, waits until the menu shows, and the read-back sees expanded (before: ACTION_FAILED after it opened)", async () => {
    const app = combo()
    assert.notInclude((await readState(app)).states, "expanded")
    await act(app, { kind: "expand" })
    assert.deepStrictEqual(app.sent, ["DoAction(/target)"])
    assert.include((await readState(app)).states, "expanded")
  })

  it("expanding it while open sends nothing (a retry cannot close it again)", async () => {
    const app = combo()
    await act(app, { kind: "expand" })
    const again = await act(app, { kind: "expand" })
    assert.deepStrictEqual(again.map((s) => s.label), ["AlreadyInState"])
    assert.deepStrictEqual(app.sent, ["DoAction(/target)"])
    await act(app, { kind: "collapse" })
    assert.notInclude((await readState(app)).states, "expanded")
  })
})

describe("set-value on a Value widget", () => {
  it("waits, bounded, until the value has landed, so the read-back does not read the old one", async () => {
    const slider = { role: AtspiRole.slider, name: "Level", states: shown, interfaces: ["Value"], value: 0 }
    const app = gtkApp(gtk3, { "/target": slider }, (member) => {
      if (member === "Set") setTimeout(() => { slider.value = 7 }, 150)
    })
    await act(app, { kind: "set_value", value: "7" })
    assert.deepStrictEqual(app.sent, ["Set(/target)"])
    assert.strictEqual((await readState(app)).value, "7")
    assert.isAbove(app.valueReads, 2, "polled while the value had not landed")
  })

  it("refuses a number outside the range and a value that is no number, before anything is sent (INVALID_ARGS)", async () => {
    const slider = { role: AtspiRole.slider, name: "Level", states: shown, interfaces: ["Value"], value: 0, range: [0, 1] as const }
    const app = gtkApp(gtk3, { "/target": slider })
    const outside = await failure(act(app, { kind: "set_value", value: "5" }))
    assert.strictEqual(outside.code, "INVALID_ARGS")
    assert.deepInclude(outside.details, { kind: "value_out_of_range", min: 0, max: 1 })
    const word = await failure(act(app, { kind: "set_value", value: "abc" }))
    assert.strictEqual(word.code, "INVALID_ARGS")
    assert.deepStrictEqual(app.sent, [])
    await act(app, { kind: "set_value", value: "0.5" })
    assert.deepStrictEqual(app.sent, ["Set(/target)"])
  })
})

describe("GTK 4.8 choices", () => {
  /** gtk4-demo 4.8.3's GtkDropDown: no Selection, no actions; its button opens a popup whose list exists only then. */
  const dropDown = () => {
    const objects: Record<string, FakeObject> = {
      "/target": { role: AtspiRole.comboBox, name: "GtkDropDown", states: shown, interfaces: ["Action"], actions: [], children: ["/button"] },
      "/button": { role: AtspiRole.pushButton, name: "GtkToggleButton", states: shown, interfaces: ["Action"], actions: ["click"] },
      "/popover": { role: 129, name: "GtkPopover", states: shown, children: ["/list"] },
      "/list": { role: AtspiRole.list, name: "GtkListView", states: shown, interfaces: ["Selection"], children: ["/1", "/2", "/3"] }
    }
    ;["Choice 1", "Choice 2", "Choice 3"].forEach((label, i) => {
      objects[`/${i + 1}`] = { role: AtspiRole.listItem, name: "", states: i === 0 ? [...shown, AtspiState.focused] : shown, children: [`/l${i + 1}`] }
      objects[`/l${i + 1}`] = { role: 29, name: label, states: shown }
    })
    const combo = objects["/target"]!
    return gtkApp(gtk4, objects, (member) => {
      if (member === "DoAction") setTimeout(() => { combo.children = ["/button", "/popover"] }, 100)
    }, (_member, body) => {
      // return closes the popup.
      if (body[0] === 0xff0d) combo.children = ["/button"]
    })
  }

  it("select on a drop-down headless is POLICY_DENIED naming --headed; nothing is sent", async () => {
    const app = dropDown()
    const error = await failure(act(app, { kind: "select", value: "Choice 3" }))
    assert.strictEqual(error.code, "POLICY_DENIED")
    assert.deepStrictEqual(error.details, { headed_required: true, toolkit: "gtk4" })
    assert.deepStrictEqual(app.sent, [])
  })

  it("select on a drop-down headed opens it with its button, moves to the item by its label with keys, and returns", async () => {
    const app = dropDown()
    const steps = await act(app, { kind: "select", value: "choice 3" }, true)
    assert.deepStrictEqual(app.sent, ["DoAction(/button)", "key ff54", "key ff54", "key ff0d"])
    assert.deepStrictEqual(steps.map((s) => s.mechanism), ["semantic_api", "physical_synthetic", "physical_synthetic", "physical_synthetic"])
  })

  it("an item the popup does not list: closed again with escape, ELEMENT_NOT_FOUND naming what it lists", async () => {
    const app = dropDown()
    const error = await failure(act(app, { kind: "select", value: "Choice 9" }, true))
    assert.strictEqual(error.code, "ELEMENT_NOT_FOUND")
    assert.deepStrictEqual(error.details?.["available"], ["Choice 1", "Choice 2", "Choice 3"])
    assert.deepStrictEqual(app.sent, ["DoAction(/button)", "key ff1b"])
  })

  it("select on a list matches its unnamed rows by their labels (gtk4-demo 4.8.3 sidebar)", async () => {
    const row = (label: string) => ({ role: AtspiRole.listItem, name: "", states: [...shown, AtspiState.selectable], children: [`/${label}-box`] })
    const objects: Record<string, FakeObject> = {
      "/target": { role: AtspiRole.list, name: "Sidebar", states: shown, interfaces: ["Selection"], children: ["/a", "/b"] },
      "/a": row("a"), "/b": row("b"),
      "/a-box": { role: 39, name: "", states: shown, children: ["/a-label"] },
      "/b-box": { role: 39, name: "", states: shown, children: ["/b-label"] },
      "/a-label": { role: 29, name: "Welcome", states: shown },
      "/b-label": { role: 29, name: "Scrolling", states: shown }
    }
    const app = gtkApp(gtk4, objects, (_member, _path, body) => body[0] === 1)
    await act(app, { kind: "select", value: "scrolling" })
    assert.deepStrictEqual(app.sent, ["SelectChild(/target)"])
  })
})

describe("a headed press into a GTK 4.8 window", () => {
  const press = (app: FakeApp) =>
    new Actor(app.session).pressKeys({ modifiers: [], key: "down" }, fakeRef("/window"), { headed: true, deadline: Date.now() + 5000 })
  const notSupported = () => { throw new DbusCallError("remote", "GrabFocus", "org.freedesktop.DBus.Error.NotSupported", "") }

  it("goes ahead when the window refuses GrabFocus (NotSupported) but is already the active one", async () => {
    const app = gtkApp(gtk4, { "/window": { role: AtspiRole.frame, states: [...shown, AtspiState.active], interfaces: ["Component"] } }, notSupported)
    const steps = await press(app)
    assert.deepStrictEqual(steps.map((s) => `${s.label} ${s.outcome}`), [
      "Component.GrabFocus(window) skipped", "DeviceEventController.GenerateKeyboardEvent(down) succeeded"
    ])
  })

  it("is refused when that window is not the active one: the keys would land elsewhere", async () => {
    const app = gtkApp(gtk4, { "/window": { role: AtspiRole.frame, states: shown, interfaces: ["Component"] } }, notSupported)
    const error = await failure(press(app))
    assert.strictEqual(error.code, "ACTION_FAILED")
    assert.deepStrictEqual(app.sent, ["GrabFocus(/window)"])
  })
})
