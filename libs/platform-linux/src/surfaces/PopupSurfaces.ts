/**
 * Open menus and popovers that live inside a window's accessible tree (GTK 4.8's popovers: a "GtkPopoverMenu" node
 * under its button; GTK 2.24's menus: the menu bar's "Help" node, whose items gain on-screen extents while it is
 * open and nothing else, no SHOWING, SELECTED or EXPANDED). AT-SPI lists no window for them, so `list-surfaces`
 * missed them. The display server does show them, as popup windows of the app's process (PopupWindow): each one
 * not already an AT-SPI window (GTK 3 and Qt menus are) is matched to the node it shows:
 *
 * 1. the shallowest node whose bounds have the popup's size (a popover's own extents are its window's);
 * 2. else a menu whose first item with extents lies inside the popup (GTK 2: one live GetExtents per menu of the
 *    window, only while a popup is open).
 *
 * The node's subtree is the surface, as a window (its id is the node's, which `snapshot --window-id` reads).
 */
import type { ObservedNode, PopupSurface, PopupWindow, WindowInfo } from "@agent-desktop/platform"
import type { Extents } from "../atspi/Accessible.js"
import { windowIdOf } from "../atspi/WindowId.js"
import { refOfHandle } from "../tree/RawNode.js"

/** Pixels two rectangles' edges may differ by and still be one (borders, rounding of scaled extents). */
const slack = 2

const near = (a: number, b: number): boolean => Math.abs(a - b) <= slack

const sameSize = (bounds: { readonly width: number; readonly height: number }, popup: PopupWindow): boolean =>
  near(bounds.width, popup.width) && near(bounds.height, popup.height)

const inside = (box: Extents, popup: PopupWindow): boolean =>
  box.width > 0 && box.height > 0 && box.x >= popup.x - slack && box.y >= popup.y - slack &&
  box.x + box.width <= popup.x + popup.width + slack && box.y + box.height <= popup.y + popup.height + slack

/** The popups no listed window already is (a GTK 3 menu is an AT-SPI window with the popup's place and size). */
export const uncoveredPopups = (popups: ReadonlyArray<PopupWindow>, windows: ReadonlyArray<WindowInfo>): ReadonlyArray<PopupWindow> =>
  popups.filter((popup) => !windows.some((window) =>
    window.bounds !== undefined && sameSize(window.bounds, popup) && near(window.bounds.x, popup.x) && near(window.bounds.y, popup.y)))

const breadthFirst = (root: ObservedNode): Array<ObservedNode> => {
  const out: Array<ObservedNode> = []
  const queue: Array<ObservedNode> = [...(root.children ?? [])]
  for (let i = 0; i < queue.length; i++) {
    out.push(queue[i]!)
    queue.push(...(queue[i]!.children ?? []))
  }
  return out
}

/** The node of `root`'s tree that `popup` shows, or undefined; `firstItemBox` reads a menu's first item's extents live. */
export const nodeShownBy = async (
  root: ObservedNode,
  popup: PopupWindow,
  firstItemBox: (menu: ObservedNode) => Promise<Extents | undefined>
): Promise<ObservedNode | undefined> => {
  const nodes = breadthFirst(root)
  const sized = nodes.find((node) => node.bounds !== undefined && sameSize(node.bounds, popup) && node.childCount > 0)
  if (sized !== undefined) return sized
  for (const menu of nodes.filter((node) => node.role === "menu" && (node.children ?? []).some((child) => child.role === "menuitem"))) {
    const box = await firstItemBox(menu)
    if (box !== undefined && inside(box, popup)) return menu
  }
  return undefined
}

/** The surface `node` is, as a window of `owner`'s app. */
export const surfaceOf = (node: ObservedNode, popup: PopupWindow, owner: WindowInfo): PopupSurface | undefined => {
  const ref = refOfHandle(node.handle)
  if (ref === undefined) return undefined
  const window: WindowInfo = {
    id: windowIdOf(ref),
    title: node.name ?? "",
    app_name: owner.app_name,
    pid: owner.pid,
    ...(owner.process_instance === undefined ? {} : { process_instance: owner.process_instance }),
    bounds: { x: popup.x, y: popup.y, width: popup.width, height: popup.height },
    is_focused: false,
    visible: true
  }
  return node.role === "menu" || popup.type?.includes("menu") === true
    ? { window, kind: "menu", itemCount: itemsOf(node) }
    : { window, kind: "popover" }
}

/** A menu's items: its own where it lists them (GTK 2), else those below it (a GTK 4 popover nests them deep). */
const itemsOf = (node: ObservedNode): number => {
  const own = (node.children ?? []).filter((child) => child.role === "menuitem").length
  return own > 0 ? own : breadthFirst(node).filter((below) => below.role === "menuitem").length
}

/**
 * The popup surfaces of an app whose `windows` are given: its process's popup windows the display server shows
 * (`popups`), less those that are windows already, each matched in the first window tree (`read`) that holds it.
 */
export const popupSurfacesOf = async (
  windows: ReadonlyArray<WindowInfo>,
  popups: ReadonlyArray<PopupWindow>,
  read: (window: WindowInfo) => Promise<ObservedNode | undefined>,
  firstItemBox: (menu: ObservedNode) => Promise<Extents | undefined>
): Promise<ReadonlyArray<PopupSurface>> => {
  let open = uncoveredPopups(popups, windows)
  const found: Array<PopupSurface> = []
  for (const window of windows) {
    if (open.length === 0) break
    const root = await read(window)
    if (root === undefined) continue
    const left: Array<PopupWindow> = []
    for (const popup of open) {
      const node = await nodeShownBy(root, popup, firstItemBox)
      const surface = node === undefined || found.some((known) => known.window.id === windowIdOf(refOfHandle(node.handle)!)) ? undefined : surfaceOf(node, popup, window)
      if (surface === undefined) left.push(popup)
      else found.push(surface)
    }
    open = left
  }
  return found
}
