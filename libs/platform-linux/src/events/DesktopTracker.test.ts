import { describe, expect, it } from "vitest"
import { desktopChangeOf } from "./DesktopChange.js"
import type { AtspiEvent } from "./AtspiEvent.js"
import { DesktopTracker, type TrackedApp, type TrackedWindow } from "./DesktopTracker.js"

const root = "/org/a11y/atspi/accessible/root"
const at = (n: number) => `/org/a11y/atspi/accessible/${n}`
const event = (klass: string, major: string, source: { busName: string; path: string }, extra: Partial<AtspiEvent> = {}): AtspiEvent =>
  ({ klass, major, detail: "", detail1: 0, detail2: 0, source, ...extra })

const host: TrackedApp = { busName: ":1.6", name: "flash", pid: 60 }
const fixture: TrackedApp = { busName: ":1.2", name: "fixture", pid: 20 }
const fixtureWindow: TrackedWindow = { ref: { busName: ":1.2", path: at(10) }, title: "Fixture", shown: true }

const tracker = (later: ReadonlyArray<TrackedApp> = [], laterWindows: ReadonlyArray<TrackedWindow> = []) => {
  const t = new DesktopTracker({
    app: async (busName) => later.find((app) => app.busName === busName),
    windows: async (app) => laterWindows.filter((w) => w.ref.busName === app.busName),
    title: async () => "read title"
  })
  t.baseline([fixture], [fixtureWindow])
  return t
}

const run = async (t: DesktopTracker, events: ReadonlyArray<AtspiEvent>) => {
  const out = []
  for (const e of events) {
    const change = desktopChangeOf(e)
    if (change) out.push(...await t.apply(change))
  }
  return out.map((e) => `${e.kind} ${e.window_id ?? ""} ${e.title ?? ""} ${e.app}/${e.pid}`.replace(/ +/g, " "))
}

describe("desktop events from AT-SPI events", () => {
  it("a window created and destroyed within milliseconds (GTK 3's sequence): opened, appeared, dismissed, closed once each", async () => {
    const w = { busName: ":1.2", path: at(3) }
    expect(await run(tracker(), [
      event("object", "children-changed", { busName: ":1.2", path: root }, { detail: "add", data: [":1.2", at(3)] }),
      event("window", "create", w, { data: "Flash" }),
      event("object", "state-changed", w, { detail: "visible", detail1: 1 }),
      event("object", "state-changed", w, { detail: "showing", detail1: 0 }),
      event("object", "children-changed", { busName: ":1.2", path: root }, { detail: "remove", data: [":1.2", at(3)] }),
      event("window", "destroy", w, { data: "Flash" })
    ])).toEqual([
      "window-opened w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20",
      "surface-appeared w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20",
      "surface-dismissed w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20",
      "window-closed w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20"
    ])
  })

  it("window:create alone carries the title; widgets' showing changes are not windows", async () => {
    expect(await run(tracker(), [
      event("object", "state-changed", { busName: ":1.2", path: at(40) }, { detail: "showing", detail1: 1 }),
      event("window", "create", { busName: ":1.2", path: at(3) }, { data: "Flash" })
    ])).toEqual([
      "window-opened w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20",
      "surface-appeared w-1.2-org-a11y-atspi-accessible-3 Flash fixture/20"
    ])
  })

  it("an app registers: launched, then its first window (no window:create from GTK 3), focus to it; it leaves: closed, terminated", async () => {
    const hostWindow: TrackedWindow = { ref: { busName: ":1.6", path: at(2) }, title: "Flash Host", shown: true }
    const t = tracker([host], [hostWindow])
    expect(await run(t, [
      event("object", "children-changed", { busName: ":1.1", path: root }, { detail: "add", data: [":1.6", root] }),
      event("window", "activate", { busName: ":1.6", path: at(2) }, { data: "Flash Host" }),
      event("window", "deactivate", { busName: ":1.6", path: at(2) }, { data: "Flash Host" }),
      event("window", "activate", { busName: ":1.2", path: at(10) }, { data: "Fixture" }),
      event("object", "children-changed", { busName: ":1.1", path: root }, { detail: "remove", data: [":1.6", root] })
    ])).toEqual([
      "app-launched flash/60",
      "window-opened w-1.6-org-a11y-atspi-accessible-2 Flash Host flash/60",
      "surface-appeared w-1.6-org-a11y-atspi-accessible-2 Flash Host flash/60",
      "focus-changed w-1.6-org-a11y-atspi-accessible-2 Flash Host flash/60",
      "focus-changed w-1.2-org-a11y-atspi-accessible-10 Fixture fixture/20",
      "window-closed w-1.6-org-a11y-atspi-accessible-2 Flash Host flash/60",
      "surface-dismissed w-1.6-org-a11y-atspi-accessible-2 Flash Host flash/60",
      "app-terminated flash/60"
    ])
  })

  it("a window event from a window the baseline never had: it opened since; minimize and restore are surfaces", async () => {
    const w = { busName: ":1.2", path: at(7) }
    expect(await run(tracker(), [
      event("window", "activate", w, { data: "Late" }),
      event("window", "minimize", w, { data: "Late" }),
      event("window", "restore", w, { data: "Late" }),
      event("window", "minimize", { busName: ":1.2", path: at(10) }, { data: "Fixture" })
    ])).toEqual([
      "window-opened w-1.2-org-a11y-atspi-accessible-7 read title fixture/20",
      "surface-appeared w-1.2-org-a11y-atspi-accessible-7 read title fixture/20",
      "focus-changed w-1.2-org-a11y-atspi-accessible-7 read title fixture/20",
      "surface-dismissed w-1.2-org-a11y-atspi-accessible-7 read title fixture/20",
      "surface-appeared w-1.2-org-a11y-atspi-accessible-7 read title fixture/20",
      "surface-dismissed w-1.2-org-a11y-atspi-accessible-10 Fixture fixture/20"
    ])
  })

  it("GTK 4: no registry announcement and \"0\" for a title; the first window event launches the app, leaving the bus ends it", async () => {
    const gtk4: TrackedApp = { busName: ":1.9", name: "gtk4-widget-factory", pid: 90 }
    const w = { busName: ":1.9", path: "/org/gtk/WidgetFactory4/a11y/e14b" }
    const t = tracker([gtk4])
    const out = await run(t, [event("window", "activate", w, { data: "0" })])
    const left = await t.apply({ change: "app-left", busName: ":1.9" })
    const again = await t.apply({ change: "app-left", busName: ":1.9" })
    expect([...out, ...left.map((e) => `${e.kind} ${e.title ?? ""} ${e.app}/${e.pid}`.replace(/ +/g, " ")), ...again]).toEqual([
      "app-launched gtk4-widget-factory/90",
      "window-opened w-1.9-org-gtk-WidgetFactory4-a11y-e14b read title gtk4-widget-factory/90",
      "surface-appeared w-1.9-org-gtk-WidgetFactory4-a11y-e14b read title gtk4-widget-factory/90",
      "focus-changed w-1.9-org-gtk-WidgetFactory4-a11y-e14b read title gtk4-widget-factory/90",
      "window-closed read title gtk4-widget-factory/90",
      "surface-dismissed read title gtk4-widget-factory/90",
      "app-terminated gtk4-widget-factory/90"
    ])
  })

  it("ignores events that name no window or app", () => {
    expect(desktopChangeOf(event("object", "state-changed", { busName: ":1.2", path: at(4) }, { detail: "focused", detail1: 1 }))).toBeUndefined()
    expect(desktopChangeOf(event("object", "children-changed", { busName: ":1.2", path: at(4) }, { detail: "add", data: [":1.2", at(5)] }))).toBeUndefined()
    expect(desktopChangeOf(event("object", "children-changed", { busName: ":1.2", path: root }, { detail: "add", data: [":1.2", at(5)] }))).toBeUndefined()
    expect(desktopChangeOf(event("window", "deactivate", { busName: ":1.2", path: at(4) }))).toBeUndefined()
  })
})
