import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tempHome } from "../../test/binary.js"
import { fileUntil, findRef, haveAll, ok, processGone, until, useZoo, xActiveTitle, xKey, xMappedOverrideRedirect, xWindowsOfPid } from "./zoo.js"

/**
 * GTK 4.8 apps beyond the real-app suites: gnome-text-editor 43 (libadwaita) and nautilus 43 (file manager). Each
 * task is checked outside the tool: the saved file, libatspi, the X server (active window, mapped popups). Nautilus
 * has no smoke task: on a fresh session bus under Xvfb its folder view stays "Loading…" (it waits on the
 * tracker-miner-fs it starts), so it serves the close-app defect only; thunar (GTK 3 suite) is the file manager task.
 */
const editor = "/usr/bin/gnome-text-editor"
const nautilus = "/usr/bin/nautilus"

const files = tempHome("zoo-gtk4-files")
const text = join(files, "draft.txt")
const folder = join(files, "folder")

describe.skipIf(!haveAll("gtk4", editor, nautilus))("zoo: GTK 4 (gnome-text-editor, nautilus)", () => {
  writeFileSync(text, "draft\n")
  mkdirSync(folder, { recursive: true })
  for (const name of ["alpha.txt", "beta.txt"]) writeFileSync(join(folder, name), `${name}\n`)
  const zoo = useZoo("gtk4", [
    // Its session (the documents it reopens) is kept in XDG_DATA_HOME: a private one, or an earlier run's documents
    // come back beside this one as twins.
    { name: "gnome-text-editor", argv: [editor, "--standalone", text], env: { XDG_DATA_HOME: join(files, "data") } },
    { name: "org.gnome.Nautilus", argv: [nautilus, "--new-window", folder] }
  ])
  const { cli } = zoo
  const app = "gnome-text-editor"

  /** The editor's main window has the X server's focus (a test before may have left another app on top). */
  const focusEditor = () => {
    ok(cli("focus-window", "--app", app))
    assert.match(until(() => xActiveTitle(zoo.env()), (title) => title.endsWith("Text Editor")), /Text Editor$/)
  }

  it("gnome-text-editor: types into the document and saves it with ctrl+s (the file on disk has the text)", () => {
    ok(cli("type", findRef(cli, app, "textfield"), "agent text "))
    ok(cli("--headed", "press", "ctrl+s", "--app", app))
    assert.include(fileUntil(text, (content) => content.includes("agent text")), "agent text")
  })

  it("its 'Menu' button and the toggle button inside it of the same role and name (nested twins) are told apart: click on the inner one opens the main menu (the X server maps its popover)", () => {
    focusEditor()
    const env = zoo.env()
    const menus = ok(cli("find", "--app", app, "--role", "button", "--name", "Menu", "--exact"))["matches"] as Array<Record<string, any>>
    assert.lengthOf(menus, 2, JSON.stringify(menus))
    const inner = menus.find((menu) => (menu["path"] as Array<string>).at(-1) === "button:Menu")
    assert.isDefined(inner, JSON.stringify(menus))
    const before = xMappedOverrideRedirect(env).length
    try {
      ok(cli("click", inner!["ref_id"]))
      assert.isAbove(until(() => xMappedOverrideRedirect(env).length, (count) => count > before, 3000), before, "the menu popover was mapped")
    } finally {
      xKey(env, "Escape")
    }
  })

  // Fixed defect dialog-ambiguous-app: GTK 4.8 sets neither MODAL nor ACTIVE; the X server's active window decides.
  it("with its Save As dialog open, snapshot/list-surfaces/press --app target the dialog (the X server's active window)", () => {
    focusEditor()
    ok(cli("--headed", "press", "ctrl+shift+s", "--app", app))
    try {
      assert.strictEqual(until(() => xActiveTitle(zoo.env()), (title) => title === "Save As"), "Save As")
      const snapshot = ok(cli("snapshot", "--app", app, "-i"))
      assert.strictEqual(snapshot["window"]["title"], "Save As")
      // It says so: which window was taken among the app's, why, and how to name the other.
      assert.match(snapshot["tree"]["hint"], /shows 2 windows; this is "Save As", the window the display server has active.*--window-id: w-/)
      const surfaces = ok(cli("list-surfaces", "--app", app))["surfaces"] as Array<Record<string, any>>
      assert.isTrue(surfaces.some((surface) => surface["title"] === "Save As"), JSON.stringify(surfaces))
      ok(cli("--headed", "press", "escape", "--app", app))
      assert.match(until(() => xActiveTitle(zoo.env()), (title) => title !== "Save As"), /Text Editor$/)
    } finally {
      if (xActiveTitle(zoo.env()) === "Save As") xKey(zoo.env(), "Escape")
    }
  })

  // Fixed defect list-windows-focus: focus as the X server tells it.
  it("list-windows marks the window the X server has active as focused (a Save As dialog over its editor)", () => {
    focusEditor()
    ok(cli("--headed", "press", "ctrl+shift+s", "--app", app))
    try {
      assert.strictEqual(until(() => xActiveTitle(zoo.env()), (title) => title === "Save As"), "Save As")
      const windows = ok(cli("list-windows", "--app", app)) as unknown as Array<Record<string, any>>
      assert.deepStrictEqual(windows.filter((window) => window["is_focused"]).map((window) => window["title"]), ["Save As"])
    } finally {
      xKey(zoo.env(), "Escape")
    }
  })

  // Fixed defect popover-missing-surface: the popup the X server maps is found in the window's tree.
  it("an open GTK 4 popover (the editor's main menu, F10) is listed by list-surfaces (the X server maps it)", () => {
    focusEditor()
    const env = zoo.env()
    const before = xMappedOverrideRedirect(env).length
    ok(cli("--headed", "press", "f10", "--app", app))
    try {
      assert.isAbove(until(() => xMappedOverrideRedirect(env).length, (count) => count > before, 3000), before, "the menu popover was mapped")
      const surfaces = ok(cli("list-surfaces", "--app", app))["surfaces"] as Array<Record<string, any>>
      assert.isAbove(surfaces.length, 1, JSON.stringify(surfaces))
      // The surface is the popover's subtree: snapshot --window-id reads its items.
      const menu = surfaces.find((surface) => surface["type"] === "menu")
      assert.isDefined(menu, JSON.stringify(surfaces))
      const items = ok(cli("snapshot", "--window-id", menu!["id"], "-i"))
      assert.include(JSON.stringify(items), "\"Save As…\"")
    } finally {
      xKey(env, "Escape")
    }
  })

  it("close-app on nautilus: its window closes; no save prompt is blamed (the X server shows no window of it)", () => {
    const pid = ok(cli("list-apps"))["apps"].find((entry: Record<string, any>) => entry["name"] === "org.gnome.Nautilus")["pid"] as number
    const closed = cli("close-app", "org.gnome.Nautilus")
    assert.strictEqual(until(() => xWindowsOfPid(zoo.env(), pid).length, (count) => count === 0), 0, "nautilus's window closed")
    // Nautilus keeps running as a service without windows: nothing is asking to save.
    assert.notInclude(JSON.stringify(closed), "asking to save")
    assert.isTrue(closed["ok"] || processGone(pid), JSON.stringify(closed))
  })
})
