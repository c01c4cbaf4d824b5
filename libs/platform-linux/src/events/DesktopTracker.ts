/**
 * Turns desktop changes (DesktopChange.ts) into the contract's desktop events, in order, against a baseline of the
 * apps and windows read once when the watch began. What an event does not carry (an app's name and pid, a new app's
 * windows, a window's title) is read through `TrackerReads`, each read bounded by its caller.
 *
 * Changes that arrived before the baseline was read are real changes after the subscription: they are reported even
 * when the baseline already shows their result (a window created while the baseline was read is still opened).
 */
import type { DesktopEvent, DesktopEventKind } from "@agent-desktop/platform"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { windowIdOf } from "../atspi/WindowId.js"
import type { DesktopChange } from "./DesktopChange.js"

export interface TrackedApp {
  readonly busName: string
  readonly name: string
  readonly pid: number
}

export interface TrackedWindow {
  readonly ref: ObjectRef
  readonly title: string
  readonly shown: boolean
}

export interface TrackerReads {
  /** The app on this connection (name and pid), or undefined when it no longer answers. */
  readonly app: (busName: string) => Promise<TrackedApp | undefined>
  /** An app's toplevels as they are now. */
  readonly windows: (app: TrackedApp) => Promise<ReadonlyArray<TrackedWindow>>
  /** A window's title, or "" when it no longer answers. */
  readonly title: (window: ObjectRef) => Promise<string>
}

interface Known {
  title: string
  shown: boolean
  readonly busName: string
}

export class DesktopTracker {
  private readonly apps = new Map<string, TrackedApp>()
  private readonly windows = new Map<string, Known>()
  private readonly opened = new Set<string>()
  private readonly closed = new Set<string>()
  private readonly left = new Set<string>()

  constructor(private readonly reads: TrackerReads) {}

  /** The desktop as it was when the watch began. */
  baseline(apps: ReadonlyArray<TrackedApp>, windows: ReadonlyArray<TrackedWindow>): void {
    for (const app of apps) this.apps.set(app.busName, app)
    for (const window of windows) this.know(window)
  }

  /** The events one change means, in order (none when it changes nothing the contract names). */
  async apply(change: DesktopChange): Promise<ReadonlyArray<DesktopEvent>> {
    switch (change.change) {
      case "app-registered": return this.appRegistered(change.app.busName)
      case "app-left": return this.appLeft(change.busName)
      case "window-created": return this.windowCreated(change.window, change.title)
      case "window-destroyed": return this.windowDestroyed(change.window, change.title)
      // The window is alive: its title is the known or a read one (GTK 4 sends "0" as the title).
      case "window-activated": {
        const events = await this.seen(change.window)
        return [...events, await this.windowEvent("focus-changed", change.window)]
      }
      case "window-shown":
      case "window-hidden":
        return this.shownChanged(change.window, change.change === "window-shown", true)
      case "toplevel-state":
        return this.shownChanged(change.window, change.shown, false)
    }
  }

  private know(window: TrackedWindow): Known {
    const known = { title: window.title, shown: window.shown, busName: window.ref.busName }
    this.windows.set(windowIdOf(window.ref), known)
    return known
  }

  private async appOf(busName: string): Promise<TrackedApp> {
    const cached = this.apps.get(busName)
    if (cached) return cached
    const read = await this.reads.app(busName)
    const app = read ?? { busName, name: "", pid: 0 }
    if (read) this.apps.set(busName, read)
    return app
  }

  /**
   * A window event from a connection the baseline did not have: the app started since (GTK 4 apps are never
   * announced by the registry), launched before its window's events.
   */
  private async launchedFirst(busName: string): Promise<ReadonlyArray<DesktopEvent>> {
    if (this.apps.has(busName) || this.left.has(busName)) return []
    const app = await this.reads.app(busName)
    if (!app) return []
    this.apps.set(busName, app)
    return [{ kind: "app-launched", app: app.name, pid: app.pid }]
  }

  private async windowEvent(kind: DesktopEventKind, ref: ObjectRef, title?: string): Promise<DesktopEvent> {
    const app = await this.appOf(ref.busName)
    const id = windowIdOf(ref)
    const name = title ?? this.windows.get(id)?.title ?? await this.reads.title(ref)
    return { kind, window_id: id, title: name, app: app.name, pid: app.pid }
  }

  private async appRegistered(busName: string): Promise<ReadonlyArray<DesktopEvent>> {
    const events = [...await this.launchedFirst(busName)]
    const app = this.apps.get(busName)
    if (events.length === 0 || app === undefined) return []
    // Its first windows may have been shown before it sent window events: they are new with the app.
    for (const window of await this.reads.windows(app)) {
      const id = windowIdOf(window.ref)
      this.know(window)
      if (window.shown && !this.opened.has(id)) events.push(...await this.openedNow(window.ref, window.title, true))
    }
    return events
  }

  private appLeft(busName: string): ReadonlyArray<DesktopEvent> {
    const app = this.apps.get(busName)
    const events: Array<DesktopEvent> = []
    for (const [id, window] of this.windows) {
      if (window.busName !== busName || this.closed.has(id)) continue
      this.closed.add(id)
      this.windows.delete(id)
      const base = { window_id: id, title: window.title, app: app?.name ?? "", pid: app?.pid ?? 0 }
      events.push({ kind: "window-closed", ...base })
      if (window.shown) events.push({ kind: "surface-dismissed", ...base })
    }
    if (!app) return events
    this.apps.delete(busName)
    this.left.add(busName)
    return [...events, { kind: "app-terminated", app: app.name, pid: app.pid }]
  }

  private async openedNow(ref: ObjectRef, title: string | undefined, shown: boolean): Promise<ReadonlyArray<DesktopEvent>> {
    const id = windowIdOf(ref)
    this.opened.add(id)
    this.closed.delete(id)
    const opened = await this.windowEvent("window-opened", ref, title)
    const known = this.windows.get(id)
    if (known) {
      known.title = opened.title ?? known.title
      known.shown = shown
    } else {
      this.know({ ref, title: opened.title ?? "", shown })
    }
    return shown ? [opened, { ...opened, kind: "surface-appeared" }] : [opened]
  }

  private async windowCreated(ref: ObjectRef, title: string | undefined): Promise<ReadonlyArray<DesktopEvent>> {
    // A toplevel added and its window:create are one opening.
    if (this.opened.has(windowIdOf(ref))) return []
    return this.openedWithApp(ref, title)
  }

  private async windowDestroyed(ref: ObjectRef, title: string | undefined): Promise<ReadonlyArray<DesktopEvent>> {
    const id = windowIdOf(ref)
    if (this.closed.has(id)) return []
    const known = this.windows.get(id)
    this.closed.add(id)
    this.opened.delete(id)
    this.windows.delete(id)
    const closed = await this.windowEvent("window-closed", ref, title ?? known?.title ?? "")
    return known?.shown === false ? [closed] : [closed, { ...closed, kind: "surface-dismissed" }]
  }

  /** A window that opened after the watch began, preceded by its app's launch when the app is new too. */
  private async openedWithApp(ref: ObjectRef, title: string | undefined): Promise<ReadonlyArray<DesktopEvent>> {
    return [...await this.launchedFirst(ref.busName), ...await this.openedNow(ref, title, true)]
  }

  /** A window event from a toplevel never seen before: it opened after the watch began. */
  private async seen(ref: ObjectRef): Promise<ReadonlyArray<DesktopEvent>> {
    const id = windowIdOf(ref)
    if (this.windows.has(id) || this.closed.has(id)) return []
    return this.openedWithApp(ref, undefined)
  }

  private async shownChanged(ref: ObjectRef, shown: boolean, isToplevel: boolean): Promise<ReadonlyArray<DesktopEvent>> {
    const id = windowIdOf(ref)
    const known = this.windows.get(id)
    if (!known) {
      // Showing/visible changes come from every widget; only a window event names a toplevel for sure.
      if (!isToplevel || this.closed.has(id) || !shown) return []
      return this.openedWithApp(ref, undefined)
    }
    if (known.shown === shown) return []
    known.shown = shown
    return [await this.windowEvent(shown ? "surface-appeared" : "surface-dismissed", ref)]
  }
}
