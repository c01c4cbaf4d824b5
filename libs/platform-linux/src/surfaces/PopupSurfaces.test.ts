/**
 * Open menus and popovers found where the display server shows a popup: shaped like GTK 4.8's popover menu (its node
 * has the popup window's size) and GTK 2.24's menu bar menu (only its item's extents, read live, lie in the popup).
 */
import { assert, describe, it } from "@effect/vitest"
import type { ObservedNode, WindowInfo } from "@agent-desktop/platform"
import { nodeShownBy, popupSurfacesOf, uncoveredPopups } from "./PopupSurfaces.js"

let counter = 0
const node = (role: ObservedNode["role"], name: string | undefined, children: Array<ObservedNode> = [], bounds?: ObservedNode["bounds"]): ObservedNode => ({
  role,
  ...(name === undefined ? {} : { name }),
  states: [],
  actions: [],
  path: [],
  handle: `:1.9|/o/${++counter}`,
  childCount: children.length,
  children,
  ...(bounds === undefined ? {} : { bounds })
})

const owner: WindowInfo = { id: "w-1.9-o-0", title: "Task Manager", app_name: "lxtask", pid: 7, is_focused: true, visible: true, bounds: { x: 0, y: 599, width: 564, height: 425 } }

describe("popup surfaces", () => {
  it("a GTK 2 menu: its first item's live extents lie inside the popup; a closed menu's do not", async () => {
    const about = node("menuitem", "About")
    const quit = node("menuitem", "Quit")
    const help = node("menu", "Help", [about], { x: 89, y: 621, width: 46, height: 23 })
    const file = node("menu", "File", [quit], { x: 4, y: 621, width: 38, height: 23 })
    const root = node("window", "Task Manager", [node("menu", undefined, [file, help])])
    const boxes = new Map([[quit.handle, { x: -2147483648, y: -2147483648, width: 1, height: 1 }], [about.handle, { x: 91, y: 647, width: 94, height: 21 }]])
    const popup = { x: 89, y: 644, width: 98, height: 27, type: "dropdown_menu" }
    const shown = await nodeShownBy(root, popup, async (menu) => boxes.get(menu.children![0]!.handle))
    assert.strictEqual(shown, help)
    const [surface] = await popupSurfacesOf([owner], [popup], async () => root, async (menu) => boxes.get(menu.children![0]!.handle))
    assert.deepInclude(surface, { kind: "menu", itemCount: 1 })
    assert.strictEqual(surface!.window.title, "Help")
    assert.strictEqual(surface!.window.id, "w-1.9-o-" + help.handle.split("/o/")[1])
  })

  it("a GTK 4 popover: the node with the popup's size, its items counted below it", async () => {
    const items = [node("menuitem", "New Window"), node("menuitem", "Save")]
    const popover = node("menu", "GtkPopoverMenu", [node("group", undefined, items, { x: 560, y: 40, width: 215, height: 461 })], { x: 1007, y: 528, width: 263, height: 521 })
    const root = node("window", "draft.txt - Text Editor", [node("button", "Menu", [popover])])
    const [surface] = await popupSurfacesOf([owner], [{ x: 1007, y: 528, width: 263, height: 521, type: "menu" }], async () => root, async () => undefined)
    assert.deepInclude(surface, { kind: "menu", itemCount: 2 })
  })

  it("a popup that is an AT-SPI window already (a GTK 3 menu) is left to the window list; none found: none listed", async () => {
    const menuWindow: WindowInfo = { ...owner, id: "w-1.9-o-9", title: "", bounds: { x: 10, y: 20, width: 120, height: 200 } }
    assert.lengthOf(uncoveredPopups([{ x: 10, y: 20, width: 120, height: 200 }], [owner, menuWindow]), 0)
    assert.lengthOf(await popupSurfacesOf([owner], [{ x: 300, y: 300, width: 50, height: 50 }], async () => node("window", "x"), async () => undefined), 0)
  })
})
