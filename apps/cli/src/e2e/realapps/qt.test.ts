import { qtApp, qtExample, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, installed, nodes, ok, probeChildren, probeItem, probeRead, refOf, type Node } from "./realApp.js"

/**
 * Qt 5.15.8 (qtbase5-examples, QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1) on one desktop: the calculator, widgets/styles
 * (check boxes, radio buttons, a labelled combo box, push buttons with a toggle one, a tab widget with a table and a
 * text edit, a password line edit, spin boxes, a slider, a scroll bar, a dial), itemviews/simpletreemodel (a tree)
 * and the widget gallery (the same input widgets, told apart by their tooltips). Each app gets its own place on the
 * screen (Qt's -geometry): pointer input must land on the app it is meant for. Every effect is read back through
 * libatspi, and every app answers a fresh libatspi read within 2 s after every test. Before toolkit profiles, any
 * snapshot segfaulted Qt (Properties.GetAll); before the Qt quirks, expand sent Qt's Toggle (it selected the row),
 * select on a combo box or an item was refused or sent calls Qt answers with "No such object path", typed
 * non-ASCII text gained a NUL, and a combo box was named after its current item, so no ref to it outlived a choice.
 */
const binary = qtExample("styles")
const apps = ["calculator", "styles", "simpletreemodel", "gallery"]
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("qt")
const cli = cliIn(() => env)

const snapshot = (app: string, ...extra: Array<string>) => {
  const data = ok(cli("snapshot", "--app", app, "-i", "--timeout-ms", "15000", ...extra))
  return { data, all: nodes(data["tree"] as Node) }
}

/** The ref of the node with this role, name and description (the gallery's input widgets share a name). */
const refWith = (all: ReadonlyArray<Node>, role: string, name: string, description: string): string => {
  const node = all.find((n) => n.role === role && n.name === name && (n as Node & { description?: string }).description === description)
  if (!node?.ref_id) throw new Error(`no ${role} '${name}' (${description}) with a ref`)
  return node.ref_id
}

const allAlive = () => {
  for (const app of apps) assertAlive(env, app)
}

const states = (read: Record<string, any>): Array<string> => read["states"] as Array<string>

describe.skipIf(!installed(binary, "qt real-app suite"))("agent-desktop on Qt 5 apps", () => {
  beforeAll(async () => {
    desktop = await startDesktop({
      apps: [
        qtApp("calculator", "widgets", ["-geometry", "+960+0"]),
        qtApp("styles", "widgets", ["-geometry", "+0+0"]),
        qtApp("simpletreemodel", "itemviews", ["-geometry", "420x320+600+0"]),
        qtApp("gallery", "", ["-geometry", "+0+480"])
      ],
      timeoutMs: 90_000
    })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 150_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("calculator: snapshots and finds without harming the app", () => {
    const { data, all } = snapshot("calculator")
    assert.isTrue(data["complete"])
    assert.isAbove(data["ref_count"], 20)
    assert.isDefined(all.find((n) => n.role === "button" && n.name === "Backspace" && n.available_actions?.includes("Click")))
    const found = ok(cli("find", "--app", "calculator", "--role", "button", "--name", "Clear All", "--exact"))
    assert.strictEqual(found["matches"].length, 1)
    allAlive()
  })

  it("calculator: clicks 7 + 8 = and the display (read by libatspi) shows 15", () => {
    const { all } = snapshot("calculator")
    for (const key of ["7", "+", "8", "="]) ok(cli("click", refOf(all, "button", key)))
    assert.strictEqual(probeRead(env, "calculator", "text")["text"], "15")
    assert.strictEqual(snapshot("calculator").all.find((n) => n.role === "textfield")?.value, "15")
    allAlive()
  })

  it("every observation command on every app: complete reads, trimmed names, a combo box named by its label, items that select", () => {
    for (const app of apps.slice(1)) {
      const whole = ok(cli("snapshot", "--app", app, "--timeout-ms", "15000"))
      assert.isTrue(whole["complete"], app)
      const all = nodes(whole["tree"] as Node)
      for (const node of all) if (node.name !== undefined) assert.strictEqual(node.name, node.name.trim(), `${app}: untrimmed name`)
      assert.isTrue(snapshot(app)["data"]["complete"], app)
      ok(cli("list-windows", "--app", app))
      ok(cli("list-surfaces", "--app", app))
      ok(cli("screenshot", "--app", app, join(home, `${app}.png`)))
    }
    const status = ok(cli("status"))
    assert.include(JSON.stringify(status), "5.15")
    ok(cli("list-apps"))
    const { all } = snapshot("styles")
    const palette = refOf(all, "checkbox", "Use style's standard palette")
    assert.strictEqual(ok(cli("get", palette, "--property", "role"))["value"], "checkbox")
    assert.isTrue(ok(cli("is", palette, "--property", "checked"))["result"])
    // Qt names a combo box after its current text; its label (LABELLED_BY) is the name, the text its value.
    const combo = all.find((n) => n.role === "combobox")
    assert.strictEqual(combo?.name, "Style:")
    assert.strictEqual(combo?.value, probeRead(env, "styles", "combo box")["name"])
    const found = ok(cli("find", "--app", "styles", "--role", "combobox", "--name", "Style:", "--exact"))
    assert.strictEqual(found["matches"].length, 1)
    // Qt's only item action, Toggle, selects: items offer Select, never Check.
    const option = all.find((n) => n.role === "option" && n.name === "Windows")
    assert.include(option?.available_actions ?? [], "Select")
    assert.notInclude(option?.available_actions ?? [], "Check")
    // A QDateTimeEdit answers Value 0: a spin box's value is the text it shows.
    const spins = all.filter((n) => n.role === "incrementor").map((n) => n.value)
    assert.include(spins, "50")
    assert.isDefined(spins.find((value) => value !== undefined && /\d{4}/.test(value)), JSON.stringify(spins))
    const rows = snapshot("simpletreemodel").all.filter((n) => n.role === "cell" && n.available_actions?.includes("Expand"))
    assert.includeMembers(rows.map((n) => n.name), ["Getting Started", "Designing a Component"])
    allAlive()
  })

  it("styles: check, uncheck and toggle a check box, the toggle push button and a radio button (checked state read back)", () => {
    const { all } = snapshot("styles")
    const button = refOf(all, "checkbox", "Toggle Push Button")
    assert.include(states(probeRead(env, "styles", "check box", "Toggle Push Button")), "checked")
    ok(cli("uncheck", button))
    assert.notInclude(states(probeRead(env, "styles", "check box", "Toggle Push Button")), "checked")
    ok(cli("check", button))
    assert.include(states(probeRead(env, "styles", "check box", "Toggle Push Button")), "checked")
    const palette = refOf(all, "checkbox", "Use style's standard palette")
    const toggled = ok(cli("toggle", palette))
    assert.strictEqual(toggled["disposition"]["delivery"], "delivered_verified")
    assert.notInclude(states(probeRead(env, "styles", "check box", "Use style's standard palette")), "checked")
    ok(cli("check", palette))
    ok(cli("check", refOf(all, "radiobutton", "Radio button 2")))
    assert.include(states(probeRead(env, "styles", "radio button", "Radio button 2")), "checked")
    assert.notInclude(states(probeRead(env, "styles", "radio button", "Radio button 1")), "checked")
    ok(cli("click", refOf(all, "button", "Default Push Button")))
    // Qt grabs focus only where it lists SetFocus (a tree row does not) and has no Component.ScrollTo: both are
    // refused before anything is sent.
    const scroll = cli("scroll-to", palette)
    assert.strictEqual(scroll["error"]?.["code"], "ACTION_NOT_SUPPORTED", JSON.stringify(scroll))
    const row = cli("focus", refOf(snapshot("simpletreemodel").all, "cell", "Getting Started"))
    assert.strictEqual(row["error"]?.["code"], "ACTION_NOT_SUPPORTED", JSON.stringify(row))
    assert.strictEqual(row["error"]["disposition"]["delivery"], "not_delivered")
    allAlive()
  })

  it("styles: selects the Text Edit tab, then set-value, type (non-ASCII) and clear on the text edit (text read back)", () => {
    const { all } = snapshot("styles")
    ok(cli("select", refOf(all, "tab", "Text Edit"), "Text Edit"))
    // Qt marks no tab SELECTED; the tab list is named after its current tab.
    assert.strictEqual(probeRead(env, "styles", "page tab list")["name"], "Text Edit")
    const editor = all.find((n) => n.role === "textfield" && n.value?.startsWith("Twinkle"))?.ref_id
    assert.isDefined(editor)
    const set = ok(cli("set-value", editor!, "Hello Qt"))
    assert.strictEqual(set["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual(probeRead(env, "styles", "text")["text"], "Hello Qt")
    ok(cli("type", editor!, " — héllo ✓"))
    assert.strictEqual(probeRead(env, "styles", "text")["text"], "Hello Qt — héllo ✓")
    ok(cli("clear", editor!))
    assert.strictEqual(probeRead(env, "styles", "text")["text"], "")
    ok(cli("click", refOf(all, "tab", "Table")))
    assert.strictEqual(probeRead(env, "styles", "page tab list")["name"], "Table")
    allAlive()
  })

  it("styles: select in the combo box is refused without --headed (nothing sent), done by a click in its popup with it", () => {
    const { all } = snapshot("styles")
    const combo = refOf(all, "combobox", "Style:")
    const before = probeRead(env, "styles", "combo box")["name"] as string
    const wanted = before === "Windows" ? "Fusion" : "Windows"
    const refused = cli("select", combo, wanted)
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["code"], "POLICY_DENIED")
    assert.strictEqual(refused["error"]["disposition"]["delivery"], "not_delivered")
    assert.include(refused["error"]["message"], "--headed")
    assert.strictEqual(probeRead(env, "styles", "combo box")["name"], before)
    ok(cli("--headed", "select", combo, wanted))
    assert.strictEqual(probeRead(env, "styles", "combo box")["name"], wanted)
    // Named after its label, the combo box is the same element after the choice: the old ref still resolves.
    const again = ok(cli("select", combo, wanted))
    assert.strictEqual(again["steps"][0]["label"], "AlreadyInState")
    allAlive()
  })

  it("simpletreemodel: selects a row; expand/collapse are refused without --headed, done by a double-click with it (rows read back)", () => {
    const { all } = snapshot("simpletreemodel")
    ok(cli("select", refOf(all, "cell", "Designing a Component"), "Designing a Component"))
    assert.include(states(probeItem(env, "simpletreemodel", "tree", "table cell", "Designing a Component")), "selected")
    ok(cli("click", refOf(all, "cell", "Using Containers")))
    assert.include(states(probeItem(env, "simpletreemodel", "tree", "table cell", "Using Containers")), "selected")
    const row = refOf(all, "cell", "Getting Started")
    const refused = cli("expand", row)
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["code"], "POLICY_DENIED")
    assert.include(refused["error"]["message"], "double-click")
    assert.notInclude(states(probeItem(env, "simpletreemodel", "tree", "table cell", "Getting Started")), "expanded")
    const expanded = ok(cli("--headed", "expand", row))
    assert.strictEqual(expanded["disposition"]["delivery"], "delivered_verified")
    assert.include(states(probeItem(env, "simpletreemodel", "tree", "table cell", "Getting Started")), "expanded")
    assert.include(probeChildren(env, "simpletreemodel", "tree"), "Launching Designer")
    ok(cli("--headed", "collapse", row))
    assert.notInclude(states(probeItem(env, "simpletreemodel", "tree", "table cell", "Getting Started")), "expanded")
    assert.notInclude(probeChildren(env, "simpletreemodel", "tree"), "Launching Designer")
    allAlive()
  })

  it("set-value on a spin box, a slider, a dial and a scroll bar (Value read back); twins Qt names only by their group are told apart by place", () => {
    const { all } = snapshot("gallery")
    const group = "Simple Input Widgets"
    ok(cli("set-value", refWith(all, "incrementor", group, "QSpinBox"), "7"))
    assert.strictEqual(probeRead(env, "gallery", "spin button", group, "QSpinBox")["value"], 7)
    ok(cli("set-value", refWith(all, "slider", group, "QSlider"), "75"))
    assert.strictEqual(probeRead(env, "gallery", "slider", group)["value"], 75)
    ok(cli("set-value", refWith(all, "slider", group, "QDial"), "10"))
    assert.strictEqual(probeRead(env, "gallery", "dial", group)["value"], 10)
    ok(cli("set-value", refWith(all, "scrollbar", group, "QScrollBar"), "25"))
    assert.strictEqual(probeRead(env, "gallery", "scroll bar", group, "QScrollBar")["value"], 25)
    // In styles the same widgets carry no tooltip: both spin boxes are "Group 3", told apart by their place in the
    // group. The first in tree order is the one libatspi's search reads first.
    const twins = snapshot("styles").all.filter((n) => n.role === "incrementor" && n.name === "Group 3")
    assert.lengthOf(twins, 2)
    ok(cli("set-value", twins[0]!.ref_id!, "7"))
    assert.strictEqual(probeRead(env, "styles", "spin button", "Group 3")["value"], 7)
    allAlive()
  })
})
