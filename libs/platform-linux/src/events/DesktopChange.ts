/**
 * What an AT-SPI event says about the desktop's windows and apps, before anything is read back (pure):
 *
 * - `window:create` / `window:destroy` / `window:activate` / `window:minimize` / `window:restore`: a toplevel, its
 *   title in the event's data (GTK 3's and Qt's bridges send it, so a window already gone still has one; GTK 4
 *   sends "0" with `activate`, so a live window's title is read instead);
 * - `object:state-changed:showing` / `visible` on a source: a toplevel (if it is one) shown or hidden;
 * - `object:children-changed:add` / `remove` on the registry's root naming another connection's root: an app
 *   registered or left (GTK 4 apps send neither: their windows' events and their leaving the bus stand in, see
 *   DesktopTracker.ts and DesktopWatcher.ts); a `remove` on an app's own root: a toplevel gone. (An `add` there is not used: the title is
 *   not in it, and the `window:create` that follows carries it; a window gone within milliseconds has none to read.)
 *
 * GTK 3 sends no `window:create` for an app's first window (shown before the bridge knows its listeners): the
 * watcher reads a newly registered app's windows once, and treats a window event from a window it never saw as new.
 */
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { Paths } from "../atspi/Interfaces.js"
import type { AtspiEvent } from "./AtspiEvent.js"

export type DesktopChange =
  | { readonly change: "window-created" | "window-destroyed" | "window-activated" | "window-shown" | "window-hidden"; readonly window: ObjectRef; readonly title?: string }
  | { readonly change: "toplevel-state"; readonly window: ObjectRef; readonly shown: boolean }
  | { readonly change: "app-registered"; readonly app: ObjectRef }
  | { readonly change: "app-left"; readonly busName: string }

const childRef = (data: unknown): ObjectRef | undefined => {
  if (!Array.isArray(data)) return undefined
  const [busName, path] = data
  return typeof busName === "string" && typeof path === "string" ? { busName, path } : undefined
}

const windowChanges: Readonly<Record<string, "window-created" | "window-destroyed" | "window-activated" | "window-shown" | "window-hidden">> = {
  create: "window-created",
  destroy: "window-destroyed",
  activate: "window-activated",
  minimize: "window-hidden",
  restore: "window-shown"
}

export const desktopChangeOf = (event: AtspiEvent): DesktopChange | undefined => {
  if (event.klass === "window") {
    const change = windowChanges[event.major]
    if (!change) return undefined
    return { change, window: event.source, ...(typeof event.data === "string" ? { title: event.data } : {}) }
  }
  if (event.klass !== "object") return undefined
  if (event.major === "state-changed" && (event.detail === "showing" || event.detail === "visible")) {
    return { change: "toplevel-state", window: event.source, shown: event.detail1 === 1 }
  }
  if (event.major === "children-changed" && event.source.path === Paths.root) {
    const child = childRef(event.data)
    if (!child) return undefined
    const added = event.detail.startsWith("add")
    const removed = event.detail.startsWith("remove")
    if (child.busName !== event.source.busName) {
      // The registry's root: its children are the apps (roots on other connections, GTK 4's not at Paths.root).
      if (added) return { change: "app-registered", app: child }
      if (removed) return { change: "app-left", busName: child.busName }
      return undefined
    }
    if (removed) return { change: "window-destroyed", window: child }
  }
  return undefined
}
