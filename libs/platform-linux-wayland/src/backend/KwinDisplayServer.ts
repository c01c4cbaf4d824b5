/**
 * The KDE backend of the display-server layer (`DisplayServerShape`) on KWin: keys, text and the pointer through
 * KWin's fake input, windows through KWin scripting over D-Bus (`KwinDesktop.ts`), displays from wl_output +
 * xdg-output.
 *
 * Fake input is a restricted global and ScreenShot2 a restricted D-Bus interface: KWin offers them only to an
 * executable an installed .desktop file authorizes (`Exec=` the executable's real path, compared with the client's
 * /proc/PID/exe; `X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`, `X-KDE-DBUS-Restricted-Interfaces=
 * org.kde.KWin.ScreenShot2`). That executable is agent-desktop's helper (`KwinHelper.ts`), never Node: the process
 * starts it once and keeps it, and every key, pointer action and screenshot goes through it. The package ships the
 * file (`kde/agent-desktop.desktop.in`) and an installer (`bin/agent-desktop-setup-kde.mjs`); `status` and
 * `permissions` say whether KWin granted the helper, whether the installed file names this helper, and give the
 * installer's exact command when not. A helper that KWin did not grant is replaced on the next call, so a grant
 * installed meanwhile takes effect without restarting a warm host. `status` infers the screenshot grant from the
 * fake-input one (the shipped file grants both); the call's own refusal is authoritative.
 */
import {
  type Bounds,
  type CapturedImage,
  type ChannelCapability,
  type DisplayCapabilities,
  type DisplayServerBackend,
  type DisplayServerShape,
  PlatformError
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { join } from "node:path"
import { loadAddon, packageRoot } from "../Addon.js"
import { KwinFakeInput } from "../KwinFakeInput.js"
import { KwinHelper, KwinHelperError, kwinHelperPath } from "../KwinHelper.js"
import { inspectAuthorization, userAuthorizationPath, type AuthorizationState } from "../kde/KwinAuthorization.js"
import { KwinScripting, type KwinBus } from "../KwinScripting.js"
import { KwinWindows } from "../KwinWindows.js"
import { OutsideLayout } from "../OutsideLayout.js"
import { UnknownKey } from "../VirtualKeyboard.js"
import type { WaylandSession } from "../WaylandSession.js"
import { CLIPBOARD_STEP, clipboardCapability, dataControlClipboard } from "./dataControlClipboard.js"
import { kwinSessionWindows, kwinWindowManager } from "./KwinDesktop.js"
import { forgetLostWayland, openWayland, waylandRefusal } from "./openWayland.js"
import { PartialInput, toPlatformError, unsupported } from "./waylandErrors.js"

export const FAKE_INPUT = "org_kde_kwin_fake_input"

/** The installer the package ships (`bin/agent-desktop-setup-kde.mjs`). */
export const kwinSetupScript = (): string => {
  try {
    return join(packageRoot(), "bin", "agent-desktop-setup-kde.mjs")
  } catch {
    return "@agent-desktop/platform-linux-wayland/bin/agent-desktop-setup-kde.mjs"
  }
}

const helperPath = (): string => {
  try {
    return kwinHelperPath()
  } catch {
    return "agent-desktop-kwin"
  }
}

/** The one step that authorizes the helper, and what is installed now. */
export const authorizationSuggestion = (state: AuthorizationState = inspectAuthorization(helperPath())): string => {
  const step = `run '${process.execPath}' '${kwinSetupScript()}' once (it writes ${userAuthorizationPath()} naming agent-desktop's KWin helper ${state.exec}, and rebuilds KDE's service cache)`
  switch (state.state) {
    case "missing":
      return `${step}; no agent-desktop.desktop is installed`
    case "other_executable":
      return `${step}; ${state.file} names ${state.names || "no executable"}, not this helper (the package moved or was reinstalled)`
    case "incomplete":
      return `${step}; ${state.file} lacks ${state.lacks.join(", ")}`
    case "installed":
      return `${state.file} authorizes ${state.exec}, but KWin did not grant it: rebuild KDE's service cache (kbuildsycoca5 or kbuildsycoca6), or ${step}`
  }
}

const NO_FAKE_INPUT = `KWin does not offer ${FAKE_INPUT} to agent-desktop's helper: no installed .desktop file authorizes it (X-KDE-Wayland-Interfaces=${FAKE_INPUT})`
export const SCREENSHOT2 = "org.kde.KWin.ScreenShot2"
const NO_CAPTURE = `KWin answers ${SCREENSHOT2} only for an executable a .desktop file authorizes (X-KDE-DBUS-Restricted-Interfaces=${SCREENSHOT2}), and none authorizes agent-desktop's helper`

/** The session bus's Unix socket from DBUS_SESSION_BUS_ADDRESS (`unix:path=` or `unix:abstract=`). */
export const sessionBusSocket = (address = process.env["DBUS_SESSION_BUS_ADDRESS"] ?? ""): { readonly path: string; readonly abstract: boolean } | undefined => {
  for (const entry of address.split(";")) {
    if (!entry.startsWith("unix:")) continue
    const params = new Map(entry.slice(5).split(",").map((pair) => [pair.slice(0, pair.indexOf("=")), decodeURIComponent(pair.slice(pair.indexOf("=") + 1))] as const))
    const path = params.get("path")
    if (path) return { path, abstract: false }
    const abstract = params.get("abstract")
    if (abstract) return { path: abstract, abstract: true }
  }
  return undefined
}

const capture = async (region: Bounds | undefined): Promise<CapturedImage> => {
  const session = openWayland()
  const displays = session.displays()
  if (displays.length === 0) throw new RangeError("the compositor has no outputs")
  const box = region ?? session.layout()
  const socket = sessionBusSocket()
  if (socket === undefined) throw unsupported("screenshots on KDE need the session bus (DBUS_SESSION_BUS_ADDRESS names no Unix socket)", { kind: "no_session_bus" })
  let shot: { width: number; height: number; png: Buffer }
  try {
    shot = await (await kwinHelper()).helper.screenshot(socket, box.x, box.y, box.width, box.height)
  } catch (error) {
    if (error instanceof PlatformError) throw error
    const message = (error as Error).message
    if (/NoAuthorized/.test(message)) throw unsupported(`screenshot: ${NO_CAPTURE}`, { kind: "authorization_missing", suggestion: authorizationSuggestion() })
    if (/ServiceUnknown|UnknownObject|UnknownMethod/.test(message)) throw unsupported(`screenshot: this KWin offers no ${SCREENSHOT2} (${message})`, { kind: "protocol_unavailable" })
    throw new PlatformError({ code: "ACTION_FAILED", message: `screenshot: ${SCREENSHOT2}.CaptureArea failed`, platformDetail: message, steps: [] })
  }
  const display = displays.find((d) => d.bounds.x <= box.x && d.bounds.y <= box.y && box.x < d.bounds.x + d.bounds.width && box.y < d.bounds.y + d.bounds.height)
  return { png: shot.png, width: shot.width, height: shot.height, scaleFactor: display?.scale ?? 1 }
}

const notAuthorized = () => unsupported(NO_FAKE_INPUT, { kind: "authorization_missing", protocol: FAKE_INPUT, suggestion: authorizationSuggestion() })

let running: { readonly display: string | undefined; readonly started: Promise<{ readonly helper: KwinHelper; readonly fakeInput: number }> } | undefined

/**
 * The process's helper, started on first use and kept while KWin grants it fake input; one without the grant (or
 * ended) is replaced on the next call, so an authorization installed meanwhile is used at once.
 */
const kwinHelper = async (): Promise<{ readonly helper: KwinHelper; readonly fakeInput: number }> => {
  const display = process.env["WAYLAND_DISPLAY"]
  if (running !== undefined && running.display === display) {
    const current = await running.started.catch(() => undefined)
    if (current?.helper.alive && current.fakeInput > 0) return current
    current?.helper.close()
  } else if (running !== undefined) {
    void running.started.then((current) => current.helper.close(), () => undefined)
  }
  const path = helperPath()
  const started = KwinHelper.start(path).catch((error: unknown) => {
    const reason = error instanceof KwinHelperError ? error.message : String(error)
    throw unsupported(`agent-desktop's KWin helper could not start (${reason}); it is built with the Wayland addon (build/addon-status.json says what was missing)`, {
      kind: "kwin_helper_unavailable",
      helper: path
    })
  })
  running = { display, started }
  return started
}

/** Ends the helper (tests; a process's helper otherwise ends with it). */
export const closeKwinHelper = (): void => {
  void running?.started.then((current) => current.helper.close(), () => undefined)
  running = undefined
}

/** The fake-input device of the process's helper (a refusal when KWin does not grant it). */
const fakeInput = async (): Promise<KwinFakeInput> => {
  const session = openWayland()
  const current = await kwinHelper()
  if (current.fakeInput === 0) throw notAuthorized()
  return new KwinFakeInput(session.addon, current.helper)
}

/** Input that may have partly reached KWin when it failed (a refusal before sending stays a refusal). */
const input = (what: string, label: string, f: (input: KwinFakeInput) => Promise<void>): Effect.Effect<void, PlatformError> =>
  Effect.tryPromise({
    try: async () => {
      const device = await fakeInput()
      // A key outside the layout or an unknown key throws here, before anything is sent.
      const sent = f(device)
      try {
        await sent
      } catch (error) {
        if (error instanceof KwinHelperError && error.done === 0 && error.code === "WL_PROTOCOL_UNAVAILABLE") throw notAuthorized()
        throw new PartialInput("KWin refused part of the input", error)
      }
    },
    catch: (error) => {
      forgetLostWayland(error)
      return toPlatformError(what, [{ label, outcome: "attempted", mechanism: "physical_synthetic" }])(error)
    }
  })

const down = (reason: string, kind: string, suggestion?: string): ChannelCapability => ({ state: "unavailable", reason, kind, ...(suggestion ? { suggestion } : {}) })

const capabilities = async (): Promise<DisplayCapabilities> => {
  const refusal = waylandRefusal()
  const load = refusal ? undefined : loadAddon()
  let session: WaylandSession | undefined
  let connectError: PlatformError | undefined
  if (!refusal && load?._tag === "Loaded") {
    try {
      session = openWayland()
    } catch (error) {
      connectError = error instanceof PlatformError ? error : unsupported(String(error), { kind: "connect_failed" })
    }
  }
  const wayland = (): ChannelCapability | undefined => {
    if (refusal) return down(refusal.message, String(refusal.details?.["kind"]))
    if (load?._tag === "Unavailable") return down(load.reason, "native_addon_unavailable")
    if (connectError || !session) return down(connectError?.message ?? "no connection", String(connectError?.details?.["kind"] ?? "connect_failed"))
    return undefined
  }
  let granted: { readonly version: number } | ChannelCapability
  const missing = wayland()
  if (missing) granted = missing
  else {
    try {
      const current = await kwinHelper()
      granted = current.fakeInput > 0 ? { version: current.fakeInput } : down(NO_FAKE_INPUT, "authorization_missing", authorizationSuggestion())
    } catch (error) {
      granted = error instanceof PlatformError ? down(error.message, String(error.details?.["kind"] ?? "kwin_helper_unavailable")) : down(String(error), "kwin_helper_unavailable")
    }
  }
  const helper = helperPath()
  const fakeInputChannel = (what: string): ChannelCapability =>
    "state" in granted
      ? granted
      : { state: "available", via: `${FAKE_INPUT} v${granted.version} (agent-desktop's KWin helper ${helper}; ${what}), authorized by ${inspectAuthorization(helper).file}`, grant: "granted" }
  return {
    pointer: fakeInputChannel("absolute motion in global coordinates, buttons, wheel"),
    keyboard: fakeInputChannel("evdev keys through KWin's keymap: the session layout's characters"),
    capture:
      "state" in granted
        ? granted.state === "unavailable" && granted.kind === "authorization_missing" ? down(NO_CAPTURE, "authorization_missing", granted.suggestion) : granted
        : { state: "available", via: `${SCREENSHOT2}.CaptureArea (agent-desktop's KWin helper: the image through a pipe passed over D-Bus), authorized by the .desktop file that grants fake input`, grant: "granted" },
    windows: { state: "available", via: "KWin scripting over D-Bus (org.kde.kwin.Scripting; answers through callDBus): window list, focus, move, resize; windows matched to AT-SPI by pid and title", grant: "not_required" },
    displays: wayland() ?? { state: "available", via: `wl_output${session!.info.protocols.xdg_output === null ? "" : " + zxdg_output_manager_v1"} (native addon)` },
    clipboard: wayland() ?? clipboardCapability(session!),
    notifications: down("notifications are read from X11 notification daemons (xfce4-notifyd); none is known on KDE Wayland yet", "not_implemented")
  }
}
const STEP_LABELS: Readonly<Record<string, string>> = {
  XTestFakeMotionEvent: `${FAKE_INPUT}.pointer_motion_absolute`,
  XTestFakeButtonEvent: `${FAKE_INPUT}.button`,
  "XTestFakeButtonEvent(wheel)": `${FAKE_INPUT}.axis`,
  "XTestFakeButtonEvent(drag)": `${FAKE_INPUT}.button(drag)`,
  _NET_ACTIVE_WINDOW: "KWin scripting: workspace.activeClient",
  "_NET_MOVERESIZE_WINDOW(position)": "KWin scripting: frameGeometry (position)",
  "_NET_MOVERESIZE_WINDOW(size)": "KWin scripting: frameGeometry (size)",
  "_NET_WM_STATE(remove MAXIMIZED) / _NET_ACTIVE_WINDOW": "KWin scripting: setMaximize(false, false)",
  "XSetSelectionOwner(CLIPBOARD)": CLIPBOARD_STEP,
  "XSetSelectionOwner(CLIPBOARD, None)": `${CLIPBOARD_STEP}(null)`
}

const refuse = (message: string, kind: string) => () => Effect.fail(unsupported(message, { kind }))

/** The KDE backend over `bus` (the session bus KWin's scripts answer through). */
export const kwinDisplayServer = (bus: KwinBus): DisplayServerShape => {
  let windows: KwinWindows | undefined
  const kwinWindows = () => (windows ??= new KwinWindows(new KwinScripting(bus)))
  return {
    backend: "kde",
    stepLabels: STEP_LABELS,
    ready: () => Effect.try({ try: () => void openWayland(), catch: (error) => toPlatformError("Wayland")(error) }),
    capabilities: () => Effect.promise(capabilities),
    displays: () =>
      Effect.try({
        try: () => openWayland().displays().map((d) => ({ id: String(d.id), bounds: d.bounds, isPrimary: d.primary, scale: d.scale })),
        catch: (error) => toPlatformError("list-displays")(error)
      }),
    pointer: refuse("a Wayland client cannot read the pointer's position (no protocol tells it)", "pointer_position_unreadable"),
    moveTo: (point) => input("mouse-move", `${FAKE_INPUT}.pointer_motion_absolute`, (i) => i.moveTo(point.x, point.y)),
    click: (point, options) => input("mouse-click", `${FAKE_INPUT}.button`, (i) => i.click(point.x, point.y, options.button, options.count, options.modifiers)),
    drag: (from, to, options) => input("drag", `${FAKE_INPUT}.button(drag)`, (i) => i.drag(from, to, options.durationMs, options.dropDelayMs)),
    wheel: (point, options) => input("mouse-wheel", `${FAKE_INPUT}.axis`, (i) => i.wheel(point.x, point.y, options.dx, options.dy, options.modifiers)),
    capture: (region) => Effect.tryPromise({ try: () => capture(region), catch: (error) => toPlatformError("screenshot")(error) }),
    // KWin 5.27 offers data-control to any client (no .desktop grant), as wlroots compositors do.
    ...dataControlClipboard,
    ...kwinWindowManager(kwinWindows),
    ...kwinSessionWindows(kwinWindows),
    keyboard: {
      label: FAKE_INPUT,
      pressKey: (key, modifiers) => input("press", `${FAKE_INPUT}.keyboard_key(${key})`, (i) => i.pressKey(key, modifiers)),
      typeText: (text) => input("type", `${FAKE_INPUT}.keyboard_key(string)`, (i) => i.type(text))
    }
  }
}

/** Serves KDE's Wayland sessions (XDG_CURRENT_DESKTOP names KDE). */
export const kwinBackend = (bus: KwinBus): DisplayServerBackend => ({
  id: "kde",
  serves: (session) =>
    session.type === "wayland" && session.waylandDisplay !== undefined && session.desktops.some((desktop) => desktop.toLowerCase() === "kde"),
  server: () => kwinDisplayServer(bus)
})
