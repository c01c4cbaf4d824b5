import { DesktopAdapter, type ObservedNode, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { fromPlatformError } from "../errors/fromPlatformError.js"

const READ_MS = 2000
/**
 * Finding an open popup in a window's tree reads the tree whole: lxtask's (a 300-row process list) took 2.3-3.9 s
 * on a loaded machine. Spent only while the display server shows a popup that is no window of its own.
 */
const POPUP_READ_MS = 8000

/** A top-level accessible's kind: dialogs and alerts by role, a popup menu (a window holding one menu), tooltips. */
export const surfaceOf = (window: WindowInfo, root: ObservedNode) => {
  const children = root.children ?? []
  if (root.role === "dialog" || root.role === "alert" || root.role === "tooltip" || root.role === "menu") {
    return { id: window.id, type: root.role, ...(window.title ? { title: window.title } : {}), ...(root.role === "menu" ? { item_count: root.childCount } : {}) }
  }
  if (children.length === 1 && children[0]!.role === "menu") {
    return { id: window.id, type: "menu", ...(window.title ? { title: window.title } : {}), item_count: children[0]!.childCount }
  }
  return { id: window.id, type: "window", ...(window.title ? { title: window.title } : {}) }
}

/** The showing surfaces of `app` (or of the focused window's app). */
export const surfacesOf = Effect.fnUntraced(function*(app: string | undefined) {
  const adapter = yield* DesktopAdapter
  const anchor = yield* adapter.resolveWindow(app === undefined ? {} : { app }).pipe(Effect.mapError(fromPlatformError))
  const windows = (yield* adapter.listWindows(anchor.app_name).pipe(Effect.mapError(fromPlatformError)))
    .filter((w) => w.pid === anchor.pid && w.visible !== false && w.minimized !== true)
  const surfaces: Array<{ id: string; type: string; title?: string; item_count?: number }> = []
  for (const window of windows) {
    const deadline = (yield* Clock.currentTimeMillis) + READ_MS
    const tree = yield* adapter.readTree(window, { maxDepth: 1, deadline }).pipe(Effect.option)
    if (tree._tag === "Some") surfaces.push(surfaceOf(window, tree.value.root))
  }
  // Menus and popovers inside a window's tree (GTK 2 menus, GTK 4 popovers), found where the display server shows
  // the app's popups; a platform that cannot tell lists none.
  if (adapter.popupSurfaces !== undefined && windows.length > 0) {
    const deadline = (yield* Clock.currentTimeMillis) + POPUP_READ_MS
    const popups = yield* adapter.popupSurfaces(windows, deadline).pipe(Effect.orElseSucceed(() => []))
    for (const popup of popups) {
      surfaces.push({
        id: popup.window.id,
        type: popup.kind,
        ...(popup.window.title ? { title: popup.window.title } : {}),
        ...(popup.itemCount === undefined ? {} : { item_count: popup.itemCount })
      })
    }
  }
  return { pid: anchor.pid, surfaces }
})
