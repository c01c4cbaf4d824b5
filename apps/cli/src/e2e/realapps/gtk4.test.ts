import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, eventually, installed, nodes, ok, probe, probeRead, probeSelected, refOf, type Node } from "./realApp.js"

/**
 * GTK 4.8 (gnome-calculator 43, gtk4-demo and three of its demos, each in its own process under its own registry
 * name) under openbox, so windows sit away from the screen origin. Before the GTK 4 profile every node looked
 * offscreen with no bounds (4.8 sets VISIBLE, never SHOWING), `collapse` was refused (listitem.collapse unmapped) and
 * set-value reported failure (GetText(0,-1) returns ""). Every action is read back by libatspi (atspi_probe.py) and,
 * where the app shows it, in the app (the calculator's display, the demo's description, the expander's content).
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("gtk4")
const cli = cliIn(() => env)

const snapshot = (app: string, ...extra: Array<string>) => {
  const data = ok(cli("snapshot", "--app", app, "-i", "--timeout-ms", "10000", ...extra))
  return { data, all: nodes(data["tree"] as Node) }
}

/** The X window's absolute geometry, from the X server (xwininfo), by exact title. */
/** The visible X window of that title (GTK 4 may hold more than one window of a title; only one is mapped). */
const xGeometry = (title: string) => {
  const id = execFileSync("xdotool", ["search", "--onlyvisible", "--name", `^${title}$`], { env, encoding: "utf8" }).trim().split("\n")[0]!
  const out = execFileSync("xwininfo", ["-id", id], { env, encoding: "utf8" })
  const get = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(out)![1])
  return { x: get("Absolute upper-left X"), y: get("Absolute upper-left Y"), width: get("Width"), height: get("Height") }
}

/** The names below the first node of that role and name (libatspi): what a GTK 4 drop-down shows is a label in its button. */
const probeDescendants = (app: string, role: string, name: string): Array<string> => {
  const { status, json } = probe(env, ["descendants", app, role, name])
  if (status !== 0) throw new Error(`libatspi found no ${role} '${name}' in ${app}: ${JSON.stringify(json)}`)
  return json["descendants"]
}

/** Whether libatspi finds a node of that role and name at all. */
const probeFinds = (app: string, role: string, name: string): boolean => probe(env, ["read", app, role, name]).status === 0

const controls = "gtk4-demo-listbox_controls"
const expanderDemo = "gtk4-demo-expander"
const infobars = "gtk4-demo-infobar"

const gtk4 = installed("/usr/bin/gnome-calculator", "GTK 4 real-app suite") && installed("/usr/bin/gtk4-demo", "GTK 4 real-app suite")

describe.skipIf(!gtk4)("agent-desktop on GTK 4 apps", () => {
  beforeAll(async () => {
    desktop = await startDesktop({
      apps: ["gnome-calculator", "gtk4-demo", "gtk4-demo:listbox_controls", "gtk4-demo:expander", "gtk4-demo:infobar"],
      windowManager: "openbox",
      timeoutMs: 120_000
    })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 180_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("gnome-calculator: complete snapshot, visible buttons, click 7 + 8 = read back by libatspi, set-value read back", () => {
    const { data, all } = snapshot("gnome-calculator")
    assert.isTrue(data["complete"])
    const equals = refOf(all, "button", "= =")
    const visible = cli("is", equals, "--property", "visible")
    assert.isTrue(visible["ok"], JSON.stringify(visible))
    assert.isTrue(visible["data"]["result"] ?? visible["data"]["value"], JSON.stringify(visible))
    for (const key of ["7 7", "+ +", "8 8", "= ="]) {
      const clicked = cli("click", refOf(all, "button", key))
      assert.isTrue(clicked["ok"], JSON.stringify(clicked))
    }
    // The calculator evaluates `=` on a worker thread: the display shows the result a moment after the click.
    assert.strictEqual(eventually(() => probeRead(env, "gnome-calculator", "text", "GtkSourceView")["text"], "15"), "15")
    const display = refOf(all, "textfield", "GtkSourceView")
    const set = cli("set-value", display, "6*7")
    assert.isTrue(set["ok"], JSON.stringify(set))
    assert.strictEqual(set["data"]["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual(probeRead(env, "gnome-calculator", "text", "GtkSourceView")["text"], "6*7")
    assertAlive(env, "gnome-calculator")
  })

  it("gnome-calculator: the default prints the whole window (complete means whole); --max-depth cuts are marked with children_count", () => {
    const whole = cli("snapshot", "--app", "gnome-calculator", "--timeout-ms", "10000")
    assert.isTrue(whole["ok"], JSON.stringify(whole).slice(0, 2000))
    assert.isTrue(whole["data"]["complete"])
    const depthOf = (node: Node): number => 1 + Math.max(0, ...(node.children ?? []).map(depthOf))
    const all = nodes(whole["data"]["tree"])
    assert.isAtLeast(depthOf(whole["data"]["tree"]), 10, "the calculator's display sits 8 levels down, its text deeper")
    assert.isEmpty(all.filter((n) => n.children_count !== undefined), "nothing is cut by default")
    assert.isDefined(all.find((n) => n.role === "textfield" && n.name === "GtkSourceView"))
    const cut = cli("snapshot", "--app", "gnome-calculator", "--max-depth", "4", "--timeout-ms", "10000")
    assert.isTrue(cut["ok"], JSON.stringify(cut).slice(0, 2000))
    const shallow = nodes(cut["data"]["tree"])
    assert.isAtMost(depthOf(cut["data"]["tree"]), 5)
    assert.isNotEmpty(shallow.filter((n) => (n.children_count ?? 0) > 0), "a requested cut names how many children it hides")
    assert.isUndefined(shallow.find((n) => n.name === "GtkSourceView"))
    assertAlive(env, "gnome-calculator")
  })

  it("gnome-calculator: a headed double-click on a button (screen point from window-relative extents) types its digit twice", () => {
    const { all } = snapshot("gnome-calculator")
    const cleared = cli("set-value", refOf(all, "textfield", "GtkSourceView"), "")
    assert.isTrue(cleared["ok"], JSON.stringify(cleared))
    assert.strictEqual(eventually(() => probeRead(env, "gnome-calculator", "text", "GtkSourceView")["text"], ""), "")
    const clicked = cli("--headed", "double-click", refOf(all, "button", "7 7"))
    assert.isTrue(clicked["ok"], JSON.stringify(clicked))
    const point = clicked["data"]["details"]["actionability"]["point"]
    const window = xGeometry("Calculator")
    assert.isAbove(point.x, window.x)
    assert.isAbove(point.y, window.y)
    assert.strictEqual(eventually(() => probeRead(env, "gnome-calculator", "text", "GtkSourceView")["text"], "77"), "77")
    const listed = cli("list-windows", "--app", "gnome-calculator")
    assert.strictEqual(listed["data"][0]["bounds"]["x"], window.x)
    assert.isTrue(listed["data"][0]["visible"])
    assertAlive(env, "gnome-calculator")
  })

  it("gtk4-demo: notebook tabs (all \"Tab\" in GTK 4.8) are named by their labels and can be targeted", () => {
    const { all } = snapshot("gtk4-demo")
    const tabs = all.filter((n) => n.role === "tab").map((n) => n.name)
    assert.includeMembers(tabs, ["Info", "Source"])
    assert.notInclude(tabs, "Tab")
    const found = cli("find", "--app", "gtk4-demo", "--role", "tab", "--name", "Source", "--exact", "--first")
    assert.isTrue(found["ok"], JSON.stringify(found))
    const clicked = cli("click", found["data"]["match"]["ref_id"])
    assert.isTrue(clicked["ok"], JSON.stringify(clicked))
    assert.deepStrictEqual(eventually(() => probeSelected(env, "gtk4-demo", "page tab")["children"][0], "Source"), "Source")
    const back = cli("click", refOf(snapshot("gtk4-demo").all, "tab", "Info"))
    assert.isTrue(back["ok"], JSON.stringify(back))
    assert.deepStrictEqual(eventually(() => probeSelected(env, "gtk4-demo", "page tab")["children"][0], "Info"), "Info")
    assertAlive(env, "gtk4-demo")
  })

  it("gtk4-demo: bounds are on the screen (inside the X window openbox placed), and a tree row collapses and expands", () => {
    // GTK 4 draws its own decorations, so openbox may place it at the screen origin, where window-relative and
    // screen bounds would agree: move it to a known offset first, so the translation is really exercised.
    const id = execFileSync("xdotool", ["search", "--onlyvisible", "--name", "^GTK Demo$"], { env, encoding: "utf8" }).trim().split("\n")[0]!
    execFileSync("xdotool", ["windowmove", "--sync", id, "40", "50"], { env })
    eventually(() => xGeometry("GTK Demo").y > 0, true)
    const { all } = snapshot("gtk4-demo", "--include-bounds")
    const window = xGeometry("GTK Demo")
    assert.isAbove(window.y, 0, "the window was moved off the screen origin")
    const row = all.find((n) => n.name === "Benchmark" && n.available_actions?.includes("Collapse")) as Node & { bounds?: { x: number; y: number } }
    assert.isDefined(row, "the expanded Benchmark row offers Collapse")
    assert.isAtLeast(row!.bounds!.x, window.x)
    assert.isAtLeast(row!.bounds!.y, window.y)
    assert.isBelow(row!.bounds!.y, window.y + window.height)
    const collapsed = cli("collapse", row!.ref_id!)
    assert.isTrue(collapsed["ok"], JSON.stringify(collapsed))
    assert.notInclude(probeRead(env, "gtk4-demo", "panel", "Benchmark")["states"], "expanded")
    const again = snapshot("gtk4-demo")
    const expand = refOf(again.all.filter((n) => n.available_actions?.includes("Expand")), "group", "Benchmark")
    const expanded = cli("expand", expand)
    assert.isTrue(expanded["ok"], JSON.stringify(expanded))
    assert.include(probeRead(env, "gtk4-demo", "panel", "Benchmark")["states"], "expanded")
    // GTK 4.8 list rows have no name of their own: they take their label's, so they can be targeted.
    const named = cli("find", "--app", "gtk4-demo", "--role", "option", "--name", "Application Class", "--exact")
    assert.isTrue(named["ok"], JSON.stringify(named))
    assert.strictEqual(named["data"]["matches"].length, 1)
    assertAlive(env, "gtk4-demo")
  })

  it("List Box Controls: switch, check button, scale, spin button and entry, each read back by libatspi; is visible/checked", () => {
    const { all } = snapshot(controls)
    const delivered = (envelope: Record<string, any>) => ok(envelope)["disposition"]["delivery"]
    const checked = (role: string, name: string) => probeRead(env, controls, role, name)["states"].includes("checked")

    // GtkSwitch: a toggle action.
    const toggleSwitch = refOf(all, "checkbox", "GtkSwitch")
    const before = checked("check box", "GtkSwitch")
    assert.strictEqual(delivered(cli("toggle", toggleSwitch)), "delivered_verified")
    assert.strictEqual(checked("check box", "GtkSwitch"), !before)
    assert.strictEqual(delivered(cli("check", toggleSwitch)), before ? "delivered_verified" : "not_delivered")
    assert.isTrue(checked("check box", "GtkSwitch"))
    assert.strictEqual(ok(cli("is", toggleSwitch, "--property", "checked"))["result"], true)
    assert.strictEqual(delivered(cli("uncheck", toggleSwitch)), "delivered_verified")
    assert.isFalse(checked("check box", "GtkSwitch"))

    // GtkCheckButton lists no action in 4.8: headless it is refused naming --headed, nothing sent; headed, a pointer
    // click on it (its window raised first: a click lands on whatever window is on top).
    const check = refOf(all, "checkbox", "GtkCheckButton")
    const wasChecked = checked("check box", "GtkCheckButton")
    const refused = cli("toggle", check)
    assert.strictEqual(refused["error"]["code"], "POLICY_DENIED", JSON.stringify(refused))
    assert.deepStrictEqual(refused["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    assert.strictEqual(checked("check box", "GtkCheckButton"), wasChecked)
    execFileSync("xdotool", ["search", "--onlyvisible", "--name", "^List Box", "windowactivate", "--sync"], { env })
    const clicked = cli("--headed", wasChecked ? "uncheck" : "check", check)
    assert.strictEqual(delivered(clicked), "delivered_verified")
    assert.strictEqual(clicked["data"]["steps"][0]["mechanism"], "physical_synthetic")
    assert.strictEqual(eventually(() => checked("check box", "GtkCheckButton"), !wasChecked), !wasChecked)

    // GtkScale and GtkSpinButton through Value; the same ref twice.
    const scale = refOf(all, "slider", "GtkScale")
    assert.strictEqual(delivered(cli("set-value", scale, "20")), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "slider", "GtkScale")["value"], 20)
    assert.strictEqual(delivered(cli("set-value", scale, "35")), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "slider", "GtkScale")["value"], 35)
    assert.strictEqual(ok(cli("is", scale, "--property", "visible"))["result"], true)
    const spin = refOf(all, "incrementor", "GtkSpinButton")
    assert.strictEqual(delivered(cli("set-value", spin, "42")), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "spin button", "GtkSpinButton")["value"], 42)

    // GtkEntry: type, set-value, clear.
    const entry = refOf(all, "textfield", "GtkEntry")
    assert.strictEqual(delivered(cli("clear", entry)), "delivered_verified")
    assert.strictEqual(delivered(cli("type", entry, "hello")), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "text", "GtkEntry")["text"], "hello")
    assert.strictEqual(delivered(cli("set-value", entry, "gtk four")), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "text", "GtkEntry")["text"], "gtk four")
    assert.strictEqual(delivered(cli("clear", entry)), "delivered_verified")
    assert.strictEqual(probeRead(env, controls, "text", "GtkEntry")["text"], "")
    assertAlive(env, controls)
  })

  it("List Box Controls: select on the drop-down headless is refused with nothing sent; --headed it opens, keys choose, read back", () => {
    const { all } = snapshot(controls)
    const shown = () => probeDescendants(controls, "combo box", "GtkDropDown")
    const popupOpen = () => probeFinds(controls, "list", "GtkListView")
    const dropDown = refOf(all, "combobox", "GtkDropDown")
    const first = shown()
    assert.include(first, "Choice 1")
    const refused = cli("select", dropDown, "Choice 3")
    assert.strictEqual(refused["error"]["code"], "POLICY_DENIED", JSON.stringify(refused))
    assert.deepStrictEqual(refused["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    assert.isFalse(popupOpen())
    assert.deepStrictEqual(shown(), first, "nothing changed")
    // Keys go to the focused X window.
    execFileSync("xdotool", ["search", "--onlyvisible", "--name", "^List Box", "windowactivate", "--sync"], { env })
    for (const choice of ["Choice 3", "Choice 2"]) {
      const selected = ok(cli("--headed", "select", dropDown, choice))
      assert.deepStrictEqual(selected["steps"].map((s: { label: string }) => s.label).slice(0, 1), ["Action.DoAction(click)"])
      assert.strictEqual(selected["steps"].at(-1).label, "DeviceEventController.GenerateKeyboardEvent(return)")
      assert.isTrue(eventually(() => shown().includes(choice), true) as boolean, `the drop-down shows ${choice}: ${shown()}`)
      assert.isFalse(eventually(() => popupOpen(), false) as boolean, "the popup closed")
    }
    const missing = cli("--headed", "select", dropDown, "Choice 9")
    assert.strictEqual(missing["error"]["code"], "ELEMENT_NOT_FOUND", JSON.stringify(missing))
    assert.includeMembers(missing["error"]["details"]["available"], ["Choice 1", "Choice 4"])
    assert.isFalse(eventually(() => popupOpen(), false) as boolean, "closed again")
    assert.include(shown(), "Choice 2")
    assertAlive(env, controls)
  })

  it("gtk4-demo: select a row of the demo list by its label (the app shows that demo's description); a tab by Selection", () => {
    const { all } = snapshot("gtk4-demo")
    const selected = ok(cli("select", refOf(all, "list", "Demo list"), "Clipboard"))
    assert.strictEqual(selected["steps"][0]["label"], "Selection.SelectChild")
    assert.deepStrictEqual(eventually(() => probeSelected(env, "gtk4-demo", "list item")["children"][0], "Clipboard"), "Clipboard")
    assert.strictEqual(eventually(() => String(probeRead(env, "gtk4-demo", "text", "Info")["text"]).split("\n")[0], "Clipboard"), "Clipboard")
    const tabs = snapshot("gtk4-demo").all
    ok(cli("select", refOf(tabs, "tablist", "Tab list"), "Source"))
    assert.deepStrictEqual(eventually(() => probeSelected(env, "gtk4-demo", "page tab")["children"][0], "Source"), "Source")
    ok(cli("select", refOf(snapshot("gtk4-demo").all, "tab", "Info"), "Info"))
    assert.deepStrictEqual(eventually(() => probeSelected(env, "gtk4-demo", "page tab")["children"][0], "Info"), "Info")
    assertAlive(env, "gtk4-demo")
  })

  it("Info Bars: toggle buttons (pressed push buttons in 4.8) uncheck and toggle, verified; an unpressed one is refused, not clicked", () => {
    const { all } = snapshot(infobars)
    const pressed = (name: string) => probeRead(env, infobars, "push button", name)["states"].includes("pressed")
    assert.isTrue(pressed("Message"))
    const message = refOf(all, "button", "Message")
    assert.strictEqual(ok(cli("is", message, "--property", "checked"))["result"], true)
    assert.strictEqual(ok(cli("uncheck", message))["disposition"]["delivery"], "delivered_verified")
    assert.isFalse(pressed("Message"))
    // Unpressed, GTK 4.8 shows it as a plain push button: check cannot know it toggles, so nothing is sent.
    const refused = cli("check", message)
    assert.strictEqual(refused["error"]["code"], "ACTION_NOT_SUPPORTED", JSON.stringify(refused))
    assert.deepStrictEqual(refused["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    assert.isFalse(pressed("Message"))
    ok(cli("click", message))
    assert.isTrue(eventually(() => pressed("Message"), true) as boolean)
    assert.strictEqual(ok(cli("toggle", refOf(all, "button", "Warning")))["disposition"]["delivery"], "delivered_verified")
    assert.isFalse(pressed("Warning"))
    assertAlive(env, infobars)
  })

  it("Expander: expand and collapse verified, is expanded, and its content appears and goes (libatspi)", () => {
    const { all } = snapshot(expanderDemo)
    const expander = refOf(all, "button", "GtkExpander")
    assert.isFalse(probeFinds(expanderDemo, "text", "GtkTextView"), "collapsed: its text view is not there")
    assert.strictEqual(ok(cli("expand", expander))["disposition"]["delivery"], "delivered_verified")
    assert.include(probeRead(env, expanderDemo, "push button", "GtkExpander")["states"], "expanded")
    assert.isTrue(eventually(() => probeFinds(expanderDemo, "text", "GtkTextView"), true) as boolean)
    assert.strictEqual(ok(cli("is", expander, "--property", "expanded"))["result"], true)
    assert.strictEqual(ok(cli("expand", expander))["disposition"]["delivery"], "not_delivered")
    assert.strictEqual(ok(cli("collapse", expander))["disposition"]["delivery"], "delivered_verified")
    assert.notInclude(probeRead(env, expanderDemo, "push button", "GtkExpander")["states"], "expanded")
    assert.strictEqual(ok(cli("is", expander, "--property", "expanded"))["result"], false)
    assertAlive(env, expanderDemo)
  })

  it("gtk4-demo: --skeleton shows the named landmarks under GTK 4's wrappers, each a drill target with children_count", () => {
    const skeleton = ok(cli("snapshot", "--app", "gtk4-demo", "--skeleton", "--timeout-ms", "10000"))
    const all = nodes(skeleton["tree"] as Node)
    const list = all.find((n) => n.role === "list" && n.name === "Demo list")
    const tabs = all.find((n) => n.role === "tablist" && n.name === "Tab list")
    assert.isDefined(list?.ref_id, "the demo list is in the skeleton, with a ref")
    assert.isDefined(tabs?.ref_id, "the tab list is in the skeleton, with a ref")
    assert.isNotEmpty(all.filter((n) => (n.children_count ?? 0) > 0), "cut containers say how many children they hide")
    const drilled = ok(cli("snapshot", "--root", list!.ref_id!, "--timeout-ms", "10000"))
    assert.strictEqual(drilled["snapshot_id"], skeleton["snapshot_id"])
    assert.isAbove(nodes(drilled["tree"] as Node).filter((n) => n.role === "option").length, 20)
    assertAlive(env, "gtk4-demo")
  })
})
