import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, eventually, installed, nodes, probeRead, probeSelected, refOf, type Node } from "./realApp.js"

/**
 * GTK 4.8 (gnome-calculator 43, gtk4-demo) under openbox, so windows sit away from the screen origin. Before the
 * GTK 4 profile every node looked offscreen with no bounds (4.8 sets VISIBLE, never SHOWING), `collapse` was refused
 * (listitem.collapse unmapped) and set-value reported failure (GetText(0,-1) returns "").
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("gtk4")
const cli = cliIn(() => env)

const snapshot = (app: string, ...extra: Array<string>) => {
  const envelope = cli("snapshot", "--app", app, "-i", "--timeout-ms", "10000", ...extra)
  assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
  return { data: envelope["data"], all: nodes(envelope["data"]["tree"] as Node) }
}

/** The X window's absolute geometry, from the X server (xwininfo), by exact title. */
/** The visible X window of that title (GTK 4 may hold more than one window of a title; only one is mapped). */
const xGeometry = (title: string) => {
  const id = execFileSync("xdotool", ["search", "--onlyvisible", "--name", `^${title}$`], { env, encoding: "utf8" }).trim().split("\n")[0]!
  const out = execFileSync("xwininfo", ["-id", id], { env, encoding: "utf8" })
  const get = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(out)![1])
  return { x: get("Absolute upper-left X"), y: get("Absolute upper-left Y"), width: get("Width"), height: get("Height") }
}

const gtk4 = installed("/usr/bin/gnome-calculator", "GTK 4 real-app suite") && installed("/usr/bin/gtk4-demo", "GTK 4 real-app suite")

describe.skipIf(!gtk4)("agent-desktop on GTK 4 apps", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["gnome-calculator", "gtk4-demo"], windowManager: "openbox", timeoutMs: 90_000 })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 150_000)
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
})
