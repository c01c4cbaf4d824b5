import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tempHome } from "../../test/binary.js"
import { probe, probeRead } from "../realapps/realApp.js"
import { pdfWithPages } from "./files.js"
import { fileUntil, findRef, haveAll, ok, until, useZoo, xActiveTitle, xKey, xWindowsNamed } from "./zoo.js"

/**
 * GTK 3 apps beyond the real-app suites: gedit (editor), zenity (dialogs), galculator (calculator), gucharmap
 * (character map), meld (diff viewer, Python), evince (PDF viewer), gnumeric (spreadsheet) and thunar (file manager). Each task is checked
 * outside the tool: the file the app saved, what zenity printed, libatspi, the X server.
 */
const bin = (name: string) => `/usr/bin/${name}`
const apps = ["gedit", "zenity", "galculator", "gucharmap", "meld", "evince", "gnumeric", "ssconvert", "thunar"]

const files = tempHome("zoo-gtk3-files")
const notes = join(files, "notes.txt")
const left = join(files, "left.txt")
const right = join(files, "right.txt")
const pdf = join(files, "pages.pdf")
const sheet = join(files, "sheet.gnumeric")
const folder = join(files, "folder", "inner")

describe.skipIf(!haveAll("gtk3", ...apps.map(bin)))("zoo: GTK 3 (gedit, zenity, galculator, gucharmap, meld, evince, gnumeric, thunar)", () => {
  writeFileSync(notes, "first line\n")
  writeFileSync(left, "one\ntwo\nthree\n")
  writeFileSync(right, "one\n2\nthree\n")
  writeFileSync(pdf, pdfWithPages(["Zoo page one", "Zoo page two"]))
  writeFileSync(join(files, "sheet.csv"), "a,b\n1,2\n")
  execFileSync(bin("ssconvert"), [join(files, "sheet.csv"), sheet], { stdio: "ignore", timeout: 30_000 })
  mkdirSync(folder, { recursive: true })
  for (const name of ["alpha.txt", "beta.txt"]) writeFileSync(join(folder, "..", name), `${name}\n`)
  const zoo = useZoo("gtk3", [
    { name: "gedit", argv: [bin("gedit"), "--new-window", notes] },
    { name: "galculator", argv: [bin("galculator")] },
    { name: "gucharmap", argv: [bin("gucharmap")] },
    // meld is a Python script: started through the interpreter, its /proc command line is the one recorded, so the
    // desktop's stop (which signals only a PID still running the recorded command) ends it.
    { name: "org.gnome.Meld", argv: ["/usr/bin/python3", bin("meld"), left, right] },
    { name: "evince", argv: [bin("evince"), pdf] },
    { name: "gnumeric", argv: [bin("gnumeric"), "--no-splash", sheet] },
    { name: "thunar", argv: [bin("thunar"), folder] }
  ])
  const { cli } = zoo
  /** One row of the saved workbook as CSV (ssconvert, gnumeric's own converter), read until it is `expected`. */
  const savedSheet = (row: number, expected?: string): string | undefined =>
    until(() => {
      const csv = join(files, "saved.csv")
      execFileSync(bin("ssconvert"), [sheet, csv], { stdio: "ignore", timeout: 30_000 })
      return readFileSync(csv, "utf8").split("\n")[row]
    }, (line) => expected === undefined || line === expected)

  it("gedit: types into the document and saves it with ctrl+s (the file on disk has the text)", () => {
    const editor = findRef(cli, "gedit", "textfield")
    ok(cli("type", editor, "agent line "))
    // Keys go to the focused window: --headed gives gedit the focus first.
    ok(cli("--headed", "press", "ctrl+s", "--app", "gedit"))
    assert.include(fileUntil(notes, (text) => text.includes("agent line")), "agent line")
  })

  it("gedit: with its Save As dialog open, snapshot --app reads the dialog (the X server's active window)", () => {
    ok(cli("--headed", "press", "ctrl+shift+s", "--app", "gedit"))
    try {
      assert.strictEqual(until(() => xActiveTitle(zoo.env()), (title) => title === "Save As"), "Save As")
      const snapshot = ok(cli("snapshot", "--app", "gedit", "-i"))
      assert.strictEqual(snapshot["window"]["title"], "Save As")
      assert.match(snapshot["tree"]["hint"], /shows 2 windows; this is "Save As", its modal dialog, which blocks the others/)
      // Focus as the X server tells it: the dialog, not the editor it blocks.
      const windows = ok(cli("list-windows", "--app", "gedit")) as unknown as Array<Record<string, any>>
      assert.deepStrictEqual(windows.filter((window) => window["is_focused"]).map((window) => window["title"]), ["Save As"])
      // The file name entry has no name of its own; it keeps its label ("Name:", its LABELLED_BY) as its name, and
      // it is the entry libatspi reads the document's file name from.
      const name = findRef(cli, "gedit", "textfield", "Name:")
      const entry = probe(zoo.env(), ["within", "gedit", "file chooser", "Save As", "text"]).json
      assert.strictEqual(entry["name"], "")
      assert.strictEqual(ok(cli("get", name, "--property", "value"))["value"], entry["text"])
      assert.strictEqual(entry["text"], "notes.txt")
    } finally {
      xKey(zoo.env(), "Escape")
    }
  })

  it("zenity --entry: set-value and OK (zenity prints the text)", async () => {
    const dialog = await zoo.desktop().launch({ name: "zenity", argv: [bin("zenity"), "--entry", "--title", "Zoo entry", "--text", "Your name"] })
    ok(cli("set-value", findRef(cli, "zenity", "textfield"), "Ada Lovelace"))
    ok(cli("click", findRef(cli, "zenity", "button", "OK")))
    assert.include(fileUntil(dialog.logPath, (text) => text.includes("Ada Lovelace")), "Ada Lovelace\n")
  })

  it("galculator: clicks 7 + 8 = (libatspi reads 15 on its display)", () => {
    for (const key of ["7", "+", "8", "="]) ok(cli("click", findRef(cli, "galculator", "button", key)))
    assert.strictEqual(until(() => probeRead(zoo.env(), "galculator", "text")["text"], (text) => text === "15"), "15")
  })

  it("gucharmap: picks 'By Unicode Block' in its View menu (libatspi reads the radio item checked)", () => {
    ok(cli("click", findRef(cli, "gucharmap", "menuitem", "By Unicode Block")))
    assert.include(probeRead(zoo.env(), "gucharmap", "radio menu item", "By Unicode Block")["states"], "checked")
  })

  it("meld: reads both sides of the comparison as the files hold them", () => {
    const found = ok(cli("find", "--app", "org.gnome.Meld", "--role", "textfield"))["matches"] as Array<Record<string, any>>
    const values = found.map((match) => match["value"])
    assert.include(values, readFileSync(left, "utf8").trimEnd())
    assert.include(values, readFileSync(right, "utf8").trimEnd())
  })

  it("evince: find --text reads the PDF's pages", () => {
    const found = ok(cli("find", "--app", "evince", "--text", "Zoo page two"))["matches"] as Array<Record<string, any>>
    assert.isTrue(found.some((match) => match["value"] === "Zoo page two"), JSON.stringify(found).slice(0, 800))
  })

  it("gnumeric: keys typed into the current cell, ctrl+s saves the workbook (ssconvert reads 42 in A1)", () => {
    for (const key of ["4", "2", "return"]) ok(cli("--headed", "press", key, "--app", "gnumeric"))
    ok(cli("--headed", "press", "ctrl+s", "--app", "gnumeric"))
    assert.strictEqual(savedSheet(0, "42,b"), "42,b")
  })

  it("thunar: Open Parent goes up (the X server's window title names the folder); List View lists its files as cells", () => {
    ok(cli("click", findRef(cli, "thunar", "button", "Open Parent")))
    assert.strictEqual(until(() => xWindowsNamed(zoo.env(), "^folder - Thunar$").length, (count) => count === 1), 1)
    // The icon view exposes no items (its accessible lists no children); the list view's table does.
    ok(cli("click", findRef(cli, "thunar", "button", "List View")))
    for (const name of readdirSync(join(folder, ".."))) {
      const found = until(() => ok(cli("find", "--app", "thunar", "--role", "cell", "--name", name, "--exact"))["matches"] as Array<unknown>, (matches) => matches.length > 0)
      assert.lengthOf(found, 1, name)
    }
  })

  // Fixed defect twins-unlabelled-entries: the secure state tells the password entry from the user name's.
  it("zenity --password --username: the two unlabelled entries (one a password) take text (zenity prints both)", async () => {
    const dialog = await zoo.desktop().launch({ name: "zenity", argv: [bin("zenity"), "--password", "--username", "--title", "Zoo login"] })
    try {
      const snapshot = ok(cli("snapshot", "--app", "zenity", "-i"))
      const entries = (JSON.stringify(snapshot).match(/"ref_id":"[^"]+","role":"textfield"/g) ?? []).map((text) => text.split('"')[3]!)
      assert.strictEqual(entries.length, 2)
      assert.notInclude(JSON.stringify(snapshot), "twin: ")
      // Read-only properties never need a unique identity.
      ok(cli("get", entries[1]!, "--property", "bounds"))
      ok(cli("set-value", entries[0]!, "ada"))
      // The unique match of --state secure is usable.
      const secure = ok(cli("find", "--app", "zenity", "--state", "secure"))["matches"] as Array<Record<string, any>>
      assert.strictEqual(secure.length, 1)
      ok(cli("set-value", secure[0]!["ref_id"], "s3cret"))
      ok(cli("click", findRef(cli, "zenity", "button", "OK")))
      assert.include(fileUntil(dialog.logPath, (text) => text.includes("ada|")), "ada|s3cret\n")
    } finally {
      cli("close-app", "zenity", "--force")
    }
  })

  // Fixed defect twins-unlabelled-entries: the Name Box and the formula entry differ by place.
  it("gnumeric: its two unlabelled tool bar entries (Name Box, formula) are told apart by place: set-value in the Name Box moves the cursor", () => {
    const entries = ok(cli("find", "--app", "gnumeric", "--role", "textfield"))["matches"] as Array<Record<string, any>>
    const nameBox = entries.find((entry) => /^[A-Z]+[0-9]+$/.test(String(entry["value"])))
    assert.isDefined(nameBox, JSON.stringify(entries).slice(0, 800))
    // Set, then activated (its Return), as the Calc suite does with LibreOffice's Name Box.
    ok(cli("set-value", nameBox!["ref_id"], "B2"))
    ok(cli("click", nameBox!["ref_id"]))
    for (const key of ["7", "return", "ctrl+s"]) ok(cli("--headed", "press", key, "--app", "gnumeric"))
    assert.strictEqual(savedSheet(1, "1,7"), "1,7")
  })

  // Fixed defect twins-unlabelled-entries: the text views differ by place.
  it("meld: its two text views (different texts, different places) are not twins: type into the right one and save", () => {
    const views = ok(cli("find", "--app", "org.gnome.Meld", "--role", "textfield"))["matches"] as Array<Record<string, any>>
    const rightView = views.find((view) => view["value"] === "one\n2\nthree" && !(view["states"] as Array<string>).includes("offscreen"))
    assert.isDefined(rightView)
    ok(cli("type", rightView!["ref_id"], "zero "))
    // Meld saves the pane that has the keyboard focus.
    ok(cli("focus", rightView!["ref_id"]))
    ok(cli("--headed", "press", "ctrl+s", "--app", "org.gnome.Meld"))
    assert.include(fileUntil(right, (text) => text.includes("zero")), "zero")
  })

})
