import { DesktopAdapter, type ObservedNode, type WindowInfo } from "@agent-desktop/platform"
import { Clock, Effect } from "effect"
import { fromPlatformError } from "../errors/fromPlatformError.js"

const READ_MS = 2000

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
  const surfaces = []
  for (const window of windows) {
    const deadline = (yield* Clock.currentTimeMillis) + READ_MS
    const tree = yield* adapter.readTree(window, { maxDepth: 1, deadline }).pipe(Effect.option)
    if (tree._tag === "Some") surfaces.push(surfaceOf(window, tree.value.root))
  }
  return { pid: anchor.pid, surfaces }
})
