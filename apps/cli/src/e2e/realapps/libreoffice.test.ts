import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { goToCell, onlyRef, otherWindows, probeCalc } from "./calc.js"
import { assertAlive, cliIn, eventually, installed, nodes, ok, probeCell, type Node } from "./realApp.js"

/**
 * LibreOffice Calc 7.4 on its GTK 3 plugin, started once with a CSV document of its own. Before the guest rules, one
 * `snapshot -i` descended into the sheet (a MANAGES_DESCENDANTS table of 2^31 cells) and left soffice.bin at
 * 60-85 % CPU, unresponsive for minutes. Every action below is read back through libatspi (atspi_probe.py) or the
 * saved file, and the app answers a fresh libatspi read within 2 s after each test.
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("localc")
const cli = cliIn(() => env)
const documentDir = mkdtempSync(join(tmpdir(), "ad-localc-doc-"))
const csv = join(documentDir, "people.csv")
const title = "people.csv - LibreOffice Calc"

/** The whole window, without ever enumerating the sheet (its visible cells only). */
const snapshot = () => {
  const data = ok(cli("snapshot", "--app", "soffice", "-i", "--timeout-ms", "30000"))
  const all = nodes(data["tree"] as Node)
  const sheet = all.find((n) => n.role === "table" && n.name?.startsWith("Sheet"))
  assert.isDefined(sheet)
  assert.isTrue(sheet!.subtree_truncated)
  assert.isAtMost(sheet!.children?.length ?? 0, 400)
  // The hidden second copy of every submenu is never read, nor VCL's 0 px menu bar beside the GTK one.
  assert.isEmpty(all.filter((n) => n.states?.includes("hidden") && (n.role === "menuitem" || n.role === "menu")))
  return { data, all, sheet: sheet! }
}

describe.skipIf(!installed("/usr/lib/libreoffice/program/soffice.bin", "LibreOffice real-app suite"))("agent-desktop on LibreOffice Calc", () => {
  beforeAll(async () => {
    writeFileSync(csv, "name,qty\nalpha,1\nbeta,2\n")
    desktop = await startDesktop({ apps: [`localc:${csv}`], timeoutMs: 120_000 })
    env = { ...cleanEnv(home), ...desktop.env }
    // Calc registers before its document window exists; a CLI wait (each call under the 30 s a CLI call may take).
    let window = cli("wait", "--window", title, "--app", "soffice", "--timeout", "25000")
    for (let attempt = 0; attempt < 3 && window["ok"] !== true; attempt++) window = cli("wait", "--window", title, "--app", "soffice", "--timeout", "25000")
    assert.isTrue(window["ok"], JSON.stringify(window))
  }, 300_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("snapshots the window without enumerating the sheet: its visible cells, marked truncated; one copy of each menu; the app stays responsive", () => {
    const { data, all, sheet } = snapshot()
    assert.isTrue(data["complete"])
    assert.notProperty(data, "identity_unproven")
    assert.isAbove(sheet.children_count!, 1_000_000)
    const cells = sheet.children ?? []
    assert.isAtLeast(cells.length, 20)
    assert.deepStrictEqual(cells.slice(0, 3).map((c) => c.name), ["A1", "B1", "C1"])
    // -i prints 50 of the visible cells; the sheet's hint pages the rest (rendered from the read that resolved it:
    // AT-SPI's parent walk from the sheet never reaches the frame, so a second read of its subtree could not start).
    const hint = (sheet as Node & { hint?: string }).hint
    assert.match(hint ?? "", /^children 0-49 of \d+ with refs shown; next: snapshot --root \S+ --children-from 50 -i --max-children 50/)
    const next = ok(cli("snapshot", "--root", sheet.ref_id!, "--children-from", "50", "-i", "--timeout-ms", "30000"))
    assert.strictEqual(next["tree"]["ref_id"], sheet.ref_id)
    assert.notInclude((next["tree"]["children"] as Array<Node>).map((c) => c.name), "A1")
    assert.isAtLeast(next["tree"]["children"].length, 1)
    assert.isAbove(all.filter((n) => n.role === "menuitem" && n.ref_id !== undefined).length, 300, "the menu bar's items keep their refs")
    // VCL's own menu bar (0 px high, menus without actions) is not read: each top-level menu once, and openable.
    const files = all.filter((n) => n.role === "menu" && n.name === "File")
    assert.strictEqual(files.length, 1)
    assert.include(files[0]!.available_actions ?? [], "Expand")
    // Tool bar boxes' unnamed entries take their box's name, so each is a target of its own.
    assert.strictEqual(all.find((n) => n.role === "textfield" && n.name === "Font Size")?.value, "10 pt")
    assert.isBelow(JSON.stringify(data).length, 400_000)
    assertAlive(env, "soffice")
  }, 180_000)

  it("finds a cell and a menu; sets a cell's value, read back by libatspi through the Table interface", () => {
    const menu = ok(cli("find", "--app", "soffice", "--role", "menu", "--name", "Format", "--exact", "--timeout-ms", "30000"))
    assert.strictEqual(menu["matches"].length, 1)
    const cell = onlyRef(cli, "--app", "soffice", "--role", "cell", "--name", "B2", "--exact")
    // The live read that proves the cell's identity walks a big window: give it the budget a loaded CI machine needs.
    const set = ok(cli("set-value", cell, "42", "--timeout-ms", "30000"))
    assert.strictEqual(set["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual(probeCell(env, "soffice", 1, 1)["text"], "42")
    assertAlive(env, "soffice")
  }, 180_000)

  it("expands the View menu (libatspi: selected, its items showing; a snapshot lists them on screen) and collapses it", () => {
    const view = onlyRef(cli, "--app", "soffice", "--role", "menu", "--name", "View", "--exact")
    const expanded = ok(cli("expand", view, "--timeout-ms", "30000"))
    assert.strictEqual(expanded["disposition"]["delivery"], "delivered_verified")
    assert.include(expanded["post_state"]["states"], "expanded")
    const states = (role: string, name: string) => probeCalc(env, "read", role, name)["states"] as Array<string>
    assert.isTrue(eventually(() => states("menu", "View").includes("selected"), true) as boolean, "libatspi: the menu is open")
    assert.include(states("check menu item", "Formula Bar"), "showing")
    // With the menu open, a snapshot still leaves the sheet and the hidden copies alone, and lists the menu's items.
    const open = snapshot().all.find((n) => n.role === "menu" && n.name === "View")!
    assert.include(open.states ?? [], "expanded")
    const formulaBar = open.children?.find((n) => n.name === "Formula Bar")
    assert.isDefined(formulaBar?.ref_id)
    assert.notInclude(formulaBar!.states ?? [], "offscreen")
    // find, too: one match, no hidden twin.
    onlyRef(cli, "--app", "soffice", "--role", "menuitem", "--name", "Formula Bar", "--exact")
    const collapsed = ok(cli("collapse", view, "--timeout-ms", "30000"))
    assert.deepStrictEqual(collapsed["steps"].map((s: Record<string, string>) => s["label"]), ["Selection.DeselectChild"])
    assert.isTrue(eventually(() => !states("menu", "View").includes("selected"), true) as boolean, "libatspi: the menu is closed")
    assert.notInclude(states("check menu item", "Formula Bar"), "showing")
    assertAlive(env, "soffice")
  }, 240_000)

  it("checks and unchecks Bold on a cell (the toggle's state and the cell's weight read back) and clicks Align Center", () => {
    goToCell(cli, "B2")
    const bold = onlyRef(cli, "--app", "soffice", "--role", "button", "--name", "Bold", "--exact")
    const checked = ok(cli("check", bold, "--timeout-ms", "30000"))
    assert.strictEqual(checked["disposition"]["delivery"], "delivered_verified")
    const boldChecked = () => (probeCalc(env, "read", "toggle button", "Bold")["states"] as Array<string>).includes("checked")
    const weight = () => Number(probeCalc(env, "cellattrs", "1", "1")["attributes"]["weight"])
    assert.isTrue(boldChecked())
    assert.isTrue(eventually(() => weight() > 400, true) as boolean, "B2 is bold")
    ok(cli("uncheck", bold, "--timeout-ms", "30000"))
    assert.isFalse(boldChecked())
    assert.strictEqual(eventually(weight, 400), 400)
    ok(cli("click", onlyRef(cli, "--app", "soffice", "--role", "button", "--name", "Align Center", "--exact"), "--timeout-ms", "30000"))
    assert.strictEqual(eventually(() => probeCalc(env, "cellattrs", "1", "1")["attributes"]["justification"], "center"), "center")
    assertAlive(env, "soffice")
  }, 240_000)

  it("selects 14 pt in the Font Size box's list and sets the Font Name box (box text and the cell's font read back)", () => {
    goToCell(cli, "B2")
    ok(cli("click", onlyRef(cli, "--app", "soffice", "--role", "button", "--name", "Font Size", "--exact"), "--timeout-ms", "30000"))
    // The list opens in a window of its own, modal: `--app` takes it over the document it blocks.
    const [popup] = otherWindows(cli, title)
    assert.isDefined(popup)
    assert.strictEqual(probeCalc(env, "windows")["windows"].length, 2)
    const list = ok(cli("snapshot", "--app", "soffice", "-i", "--timeout-ms", "30000"))
    assert.strictEqual(list["window"]["id"], popup!["id"])
    const table = nodes(list["tree"] as Node).find((n) => n.role === "table" && n.ref_id !== undefined)
    assert.isDefined(table)
    const selected = ok(cli("select", table!.ref_id!, "14 pt", "--timeout-ms", "30000"))
    assert.deepStrictEqual(selected["steps"].map((s: Record<string, string>) => s["label"]), ["Component.GrabFocus", "Action.DoAction(activate)"])
    assert.strictEqual(eventually(() => probeCalc(env, "within", "panel", "Font Size", "text")["text"], "14 pt"), "14 pt")
    assert.strictEqual(eventually(() => probeCalc(env, "cellattrs", "1", "1")["attributes"]["size"], "14"), "14")
    assert.strictEqual(eventually(() => probeCalc(env, "windows")["windows"].length, 1), 1, "the list closed")
    const fontName = onlyRef(cli, "--app", "soffice", "--role", "textfield", "--name", "Font Name", "--exact")
    ok(cli("set-value", fontName, "DejaVu Serif", "--timeout-ms", "30000"))
    ok(cli("click", fontName, "--timeout-ms", "30000"))
    assert.strictEqual(eventually(() => probeCalc(env, "cellattrs", "1", "1")["attributes"]["family-name"], "DejaVu Serif"), "DejaVu Serif")
    assertAlive(env, "soffice")
  }, 240_000)

  it("refuses to type into a cell, saying how; puts text in through the input line; saves through File > Save and the Keep format dialog (the CSV read back)", () => {
    const cell = onlyRef(cli, "--app", "soffice", "--role", "cell", "--name", "C3", "--exact")
    const refused = cli("type", cell, "gamma", "--timeout-ms", "30000")
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["code"], "ACTION_NOT_SUPPORTED")
    assert.deepStrictEqual(refused["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    assert.match(refused["error"]["suggestion"], /'Input line'.*'Accept'/)
    goToCell(cli, "C3")
    const input = onlyRef(cli, "--app", "soffice", "--role", "paragraph", "--name", "Input line", "--exact")
    const typed = ok(cli("set-value", input, "gamma", "--timeout-ms", "30000"))
    assert.strictEqual(typed["disposition"]["delivery"], "delivered_verified")
    ok(cli("click", onlyRef(cli, "--app", "soffice", "--role", "button", "--name", "Accept", "--exact"), "--timeout-ms", "30000"))
    assert.strictEqual(eventually(() => probeCell(env, "soffice", 2, 2)["text"], "gamma"), "gamma")

    const saved = statSync(csv).mtimeMs
    ok(cli("expand", onlyRef(cli, "--app", "soffice", "--role", "menu", "--name", "File", "--exact"), "--timeout-ms", "30000"))
    ok(cli("click", onlyRef(cli, "--app", "soffice", "--role", "menuitem", "--name", "Save", "--exact"), "--timeout-ms", "30000"))
    // Saving as CSV asks first: a real dialog (libatspi: an alert), the app's active window, waited for and clicked
    // through like any other.
    const keep = ok(cli("wait", "--text", "Use Text CSV Format", "--app", "soffice", "--timeout", "25000"))
    assert.isTrue(probeCalc(env, "windows")["windows"].some((w: Record<string, any>) => w["role"] === "alert"))
    assert.strictEqual(keep["role"], "button")
    ok(cli("click", keep["ref"], "--timeout-ms", "30000"))
    assert.isTrue(eventually(() => statSync(csv).mtimeMs > saved, true) as boolean, "the file was written")
    const rows = readFileSync(csv, "utf8").trim().split("\n").map((line) => line.split(",").map((field) => field.replace(/^"|"$/g, "")))
    assert.deepStrictEqual(rows[0]!.slice(0, 2), ["name", "qty"])
    assert.deepStrictEqual(rows[2], ["beta", "2", "gamma"])
    assert.strictEqual(eventually(() => probeCalc(env, "windows")["windows"].length, 1), 1, "the dialog closed")
    assertAlive(env, "soffice")
  }, 240_000)
})
