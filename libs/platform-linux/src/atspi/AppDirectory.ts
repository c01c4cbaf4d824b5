/**
 * Apps and windows as the registry reports them: the registry root's children are apps (one per bus connection),
 * an app's children are its top-level windows. Window choice follows reference §1.7.
 */
import { PlatformError, type AppInfo, type TreeAvailability, type WindowInfo } from "@agent-desktop/platform"
import { Accessible, isNullRef } from "./Accessible.js"
import type { AtspiSession, ObjectRef } from "./AtspiSession.js"
import { Iface, Paths, registryName } from "./Interfaces.js"
import { ambiguous, choiceNote, pickWindow } from "./pickWindow.js"
import { processInstance } from "./ProcessInstance.js"
import { AtspiState } from "./States.js"
import { refOfWindowId, windowIdOf } from "./WindowId.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { variantValue } from "../dbus/DbusConnection.js"
import { normalizeStates } from "../toolkits/normalizeStates.js"
import { activeAmong, activeWindow } from "../display/sessionWindows.js"
import { placed, placementOf } from "../display/extentsPlacement.js"

export interface RegisteredApp {
  readonly ref: ObjectRef
  readonly name: string
  readonly pid: number | undefined
}

/**
 * A window lookup's answer: the window chosen, every window it was chosen among, and whether the display server's
 * active window decided it (no AT-SPI event announces that changing, so such a choice is never kept).
 */
export interface WindowChoice {
  readonly chosen: WindowEntry
  readonly among: ReadonlyArray<WindowEntry>
  readonly byActiveWindow?: boolean
}

export interface WindowEntry {
  readonly info: WindowInfo
  readonly ref: ObjectRef
  /** The window says MODAL: input goes to it, not to the window it blocks (atspi/pickWindow.ts). */
  readonly modal?: boolean
}

const callMs = 1500

const ascii = /^[\x20-\x7e]*$/

/**
 * App names compared ignoring case, not accents. Printable ASCII names (nearly all) are compared without ICU: the
 * first `localeCompare` with options loads the collator, ~8 ms of every one-shot call that names an app.
 */
export const sameName = (a: string, b: string): boolean => {
  if (ascii.test(a) && ascii.test(b)) return a.length === b.length && a.toLowerCase() === b.toLowerCase()
  return a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0
}

export class AppDirectory {
  constructor(private readonly session: AtspiSession) {}

  async pidOf(busName: string): Promise<number | undefined> {
    try {
      const [pid] = await this.session.bus.call({
        destination: "org.freedesktop.DBus",
        path: "/org/freedesktop/DBus",
        interface: Iface.dbus,
        member: "GetConnectionUnixProcessID",
        signature: "s",
        body: [busName]
      }, callMs)
      return typeof pid === "number" ? pid : undefined
    } catch {
      return undefined
    }
  }

  /** Registered apps that answered, and those that did not (frozen, or exiting right now). */
  async survey(): Promise<{ apps: ReadonlyArray<RegisteredApp>; unresponsive: ReadonlyArray<RegisteredApp> }> {
    const registry = new Accessible(this.session, { busName: registryName, path: Paths.root })
    const refs = await registry.children(callMs)
    const answers = await Promise.all(refs.map(async (ref) => {
      // Both at once: every round trip here is on the critical path of every command that names an app.
      const [name, pid] = await Promise.all([
        this.session.bus
          .call({ destination: ref.busName, path: ref.path, interface: Iface.properties, member: "Get", signature: "ss", body: [Iface.accessible, "Name"] }, callMs)
          .then(([value]) => String(variantValue(value) ?? ""), (error: unknown) => error),
        this.pidOf(ref.busName)
      ])
      return { ref, name, pid }
    }))
    const apps: Array<RegisteredApp> = []
    const unresponsive: Array<RegisteredApp> = []
    for (const answer of answers) {
      if (typeof answer.name === "string") apps.push({ ref: answer.ref, name: answer.name, pid: answer.pid })
      // A vanished app has no owner any more (no pid); one that is alive but silent is unresponsive.
      else if (answer.pid !== undefined) unresponsive.push({ ref: answer.ref, name: "", pid: answer.pid })
    }
    return { apps, unresponsive }
  }

  async apps(): Promise<ReadonlyArray<RegisteredApp>> {
    return (await this.survey()).apps
  }

  private async toolkit(app: RegisteredApp): Promise<{ toolkit?: string; toolkit_version?: string }> {
    // GTK3 fails GetAll on Application ("Property unavailable"); read the two properties one by one.
    const get = (name: string) =>
      this.session.bus
        .call({ destination: app.ref.busName, path: Paths.root, interface: Iface.properties, member: "Get", signature: "ss", body: [Iface.application, name] }, callMs)
        .then(([value]) => String(variantValue(value) ?? ""), () => "")
    const [toolkit, version] = await Promise.all([get("ToolkitName"), get("Version")])
    return { ...(toolkit ? { toolkit } : {}), ...(version ? { toolkit_version: version } : {}) }
  }

  async listApps(nameContains?: string): Promise<ReadonlyArray<AppInfo>> {
    const needle = nameContains?.toLowerCase()
    const apps = (await this.apps()).filter((app) => !needle || app.name.toLowerCase().includes(needle))
    return Promise.all(apps.map(async (app) => {
      const instance = app.pid === undefined ? undefined : processInstance(app.pid)
      const [toolkit, accessibility] = await Promise.all([this.toolkit(app), this.appInactive(app)])
      return {
        name: app.name,
        pid: app.pid ?? 0,
        ...(instance ? { process_instance: instance } : {}),
        ...toolkit,
        ...(accessibility === undefined ? {} : { accessibility })
      }
    }))
  }

  /**
   * The window's content is switched off: its toolkit can start without accessibility (Chromium without renderer
   * accessibility) and the window lists children but hands out only null objects, as a tree read would find
   * (tree/read/inactiveAccessibility.ts). One GetChildren call, asked only of such toolkits' windows. The sources
   * that can still serve it are the engine's to name (`sources` is left empty here).
   */
  async windowInactive(ref: ObjectRef): Promise<TreeAvailability | undefined> {
    const profile = await this.session.toolkits.profileOf(ref.busName, callMs)
    if (profile.inactiveAccessibility === undefined) return undefined
    const listed = await new Accessible(this.session, ref).children(callMs).catch(() => [])
    if (listed.length === 0 || !listed.every(isNullRef)) return undefined
    return { tree: "inactive", sources: [], fix: profile.inactiveAccessibility.hint }
  }

  /** An app is inactive when it shows windows and every one of them is (see windowInactive). */
  private async appInactive(app: RegisteredApp): Promise<TreeAvailability | undefined> {
    const profile = await this.session.toolkits.profileOf(app.ref.busName, callMs)
    if (profile.inactiveAccessibility === undefined) return undefined
    const windows = (await new Accessible(this.session, app.ref).children(callMs).catch(() => [])).filter((ref) => !isNullRef(ref))
    if (windows.length === 0) return undefined
    const marks = await Promise.all(windows.map((ref) => this.windowInactive(ref)))
    return marks.every((mark) => mark !== undefined) ? marks[0] : undefined
  }

  /** listWindowsAsShown with each window whose content is switched off marked so (windowInactive). */
  async listWindowsMarked(appName?: string): Promise<ReadonlyArray<WindowInfo>> {
    const entries = await this.listWindowsAsShown(appName)
    return Promise.all(entries.map(async (entry) => {
      const accessibility = await this.windowInactive(entry.ref)
      return accessibility === undefined ? entry.info : { ...entry.info, accessibility }
    }))
  }

  async windowInfo(app: RegisteredApp, ref: ObjectRef): Promise<WindowInfo> {
    return (await this.windowEntry(app, ref)).info
  }

  private async windowEntry(app: RegisteredApp, ref: ObjectRef): Promise<WindowEntry> {
    const accessible = new Accessible(this.session, ref)
    const [name, raw, extents, profile] = await Promise.all([
      accessible.name(callMs),
      accessible.states(callMs),
      accessible.extents(callMs).catch(() => undefined),
      this.session.toolkits.profileOf(ref.busName, callMs)
    ])
    // GTK 4.8 and native Wayland clients: the window's extents are relative to itself (0,0) (GTK 4.8's window is
    // VISIBLE, never SHOWING). Placed on the screen like its nodes' bounds (TreeReader), or every pointer target
    // failed the inside-window check; where the display server knows the window's frame, that is its bounds (as a
    // window manager reports it on X11). No placement, no bounds.
    const states = normalizeStates(raw, profile)
    const placement = extents ? await placementOf(this.session, { ref, title: name, extents }, callMs) : undefined
    const frame = placement?.kind === "window" || placement?.kind === "screen" ? placement.frame : undefined
    const bounds = frame ?? (extents && placement ? placed(extents, placement) : undefined)
    const instance = app.pid === undefined ? undefined : processInstance(app.pid)
    const info: WindowInfo = {
      id: windowIdOf(ref),
      title: name,
      app_name: app.name,
      pid: app.pid ?? 0,
      ...(instance ? { process_instance: instance } : {}),
      ...(bounds ? { bounds } : {}),
      is_focused: states.has(AtspiState.active),
      minimized: states.has(AtspiState.iconified),
      visible: states.has(AtspiState.showing) && states.has(AtspiState.visible)
    }
    return { info, ref, modal: states.has(AtspiState.modal) }
  }

  async windowsOf(app: RegisteredApp): Promise<ReadonlyArray<WindowEntry>> {
    const refs = await new Accessible(this.session, app.ref).children(callMs).catch(() => [])
    const entries = await Promise.all(refs.map((ref) => this.windowEntry(app, ref).catch(() => undefined)))
    return entries.filter((entry): entry is WindowEntry => entry !== undefined)
  }

  async listWindows(appName?: string): Promise<ReadonlyArray<WindowEntry>> {
    const apps = (await this.apps()).filter((app) => appName === undefined || sameName(app.name, appName))
    return (await Promise.all(apps.map((app) => this.windowsOf(app)))).flat()
  }

  /**
   * As listWindows, with `is_focused` as the display server tells it (the window it calls active), where it can:
   * GTK 4.8 never sets ACTIVE, so every window of gnome-text-editor read unfocused. Where it cannot tell (no display,
   * or the active window's process has several windows none of which has its title), the toolkit's own state.
   */
  async listWindowsAsShown(appName?: string): Promise<ReadonlyArray<WindowEntry>> {
    const entries = await this.listWindows(appName)
    const active = entries.length === 0 ? undefined : await activeWindow(callMs)
    if (active === undefined) return entries
    const chosen = activeAmong(entries, active)
    if (chosen === undefined && entries.some((entry) => entry.info.pid === active.pid)) return entries
    return entries.map((entry) =>
      entry.info.is_focused === (entry === chosen) ? entry : { ...entry, info: { ...entry.info, is_focused: entry === chosen } })
  }

  async windowById(id: string): Promise<WindowEntry> {
    const ref = refOfWindowId(id)
    const notFound = () =>
      new PlatformError({ code: "WINDOW_NOT_FOUND", message: `window ${id} not found`, details: { window_id: id } })
    if (!ref) throw notFound()
    const app = (await this.apps()).find((candidate) => candidate.ref.busName === ref.busName)
    if (!app) throw notFound()
    try {
      return await this.windowEntry(app, ref)
    } catch (error) {
      // A busy app (Firefox's parent process for minutes after a 50,000-row page loads) has not lost its window.
      if (error instanceof DbusCallError && error.failure === "timeout") {
        throw new PlatformError({
          code: "APP_UNRESPONSIVE",
          message: `${app.name} did not answer in time for its window ${id}`,
          details: { window_id: id, ...(app.pid === undefined ? {} : { unresponsive_pids: [app.pid] }) }
        })
      }
      throw notFound()
    }
  }

  /** `--window-id` exact; `--app`: only window, else the visible one, else the focused one; neither: focused. */
  async resolve(query: { readonly app?: string; readonly windowId?: string }): Promise<WindowEntry> {
    return (await this.resolveAmong(query)).chosen
  }

  /** The resolved window and every window it was chosen among (what a change to would change the choice). */
  async resolveAmong(query: { readonly app?: string; readonly windowId?: string }): Promise<WindowChoice> {
    const only = (chosen: WindowEntry) => ({ chosen, among: [chosen] })
    if (query.windowId !== undefined) {
      const entry = await this.windowById(query.windowId)
      if (query.app !== undefined && !sameName(entry.info.app_name, query.app)) {
        throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `window ${query.windowId} does not belong to ${query.app}` })
      }
      return only(entry)
    }
    if (query.app !== undefined) {
      const survey = await this.survey()
      const apps = survey.apps.filter((app) => sameName(app.name, query.app!))
      if (apps.length === 0 && survey.unresponsive.length > 0) {
        throw new PlatformError({
          code: "APP_UNRESPONSIVE",
          message: `no answering app is named ${query.app}, and ${survey.unresponsive.length} registered app(s) did not answer`,
          details: { unresponsive_pids: survey.unresponsive.map((app) => app.pid) }
        })
      }
      if (apps.length === 0) {
        throw new PlatformError({ code: "APP_NOT_FOUND", message: `no running app named ${query.app} is registered with AT-SPI` })
      }
      const windows = (await Promise.all(apps.map((app) => this.windowsOf(app)))).flat()
      if (windows.length === 0) throw new PlatformError({ code: "APP_NOT_FOUND", message: `${query.app} has no windows` })
      const untitledPassedOver = (entry: WindowEntry) =>
        this.session.toolkits.profileNow(entry.ref.busName).untitledWindowsPassedOver === true && entry.info.title === ""
      // The display server is asked only where several windows show (one more process on an already slow path).
      const visible = windows.filter((entry) => entry.info.visible)
      const active = visible.length > 1 && visible.filter((entry) => entry.modal).length !== 1
        ? activeAmong(visible, await activeWindow(callMs))
        : undefined
      const picked = pickWindow(windows, query.app, untitledPassedOver, active)
      const choice = choiceNote(windows, picked, query.app, picked === active)
      const chosen = choice === undefined ? picked : { ...picked, info: { ...picked.info, choice } }
      return { chosen, among: windows, ...(active === undefined ? {} : { byActiveWindow: true }) }
    }
    const all = await this.listWindows()
    const focused = all.filter((entry) => entry.info.is_focused)
    if (focused.length === 1) return { chosen: focused[0]!, among: all }
    // No window says ACTIVE (GTK 4.8 never does), or several do: the one the display server calls active.
    const active = activeAmong(focused.length === 0 ? all : focused, await activeWindow(callMs))
    if (active !== undefined) return { chosen: active, among: all, byActiveWindow: true }
    if (focused.length === 0) {
      throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: "no window is focused; name one with --app or --window-id" })
    }
    throw ambiguous(focused, "several windows report focus")
  }
}
