/**
 * Honest probes for `status` and `permissions`: every field below is a real call made now. Linux has no TCC-style
 * grants: accessibility is "granted" when the accessibility bus answers (anyone in the session may read it) and
 * "denied" when it cannot be reached, because then nothing can be read (`problems` says why). On X11 screenshots and
 * input need no grant ("not_required"); on Wayland they are the display-server backend's channels, which say what
 * they use, what is missing and how to get it (`probes.display_server`, `problems`).
 */
import { execFile } from "node:child_process"
import {
  probeSession,
  type ChannelCapability,
  type DisplayCapabilities,
  type DisplayServerShape,
  type PermissionReport,
  type PermissionState,
  type PlatformStatus
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { AppDirectory } from "../atspi/AppDirectory.js"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { Paths, registryName } from "../atspi/Interfaces.js"
import { DbusConnection, variantValue } from "../dbus/DbusConnection.js"
import { chooseDisplayServer } from "../display/chooseDisplayServer.js"

const probeMs = 1000

const run = (command: string, args: ReadonlyArray<string>): Promise<string | undefined> =>
  new Promise((resolve) => {
    execFile(command, [...args], { timeout: 2000 }, (error, stdout) => resolve(error && !stdout ? undefined : stdout))
  })

const sessionBusProbe = async () => {
  const address = process.env.DBUS_SESSION_BUS_ADDRESS
  if (!address) return { reachable: false, error: "DBUS_SESSION_BUS_ADDRESS is not set" }
  const bus = DbusConnection.open(address)
  try {
    const [id] = await bus.call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId" }, probeMs)
    const flag = (name: string) =>
      bus.call({ destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties", member: "Get", signature: "ss", body: ["org.a11y.Status", name] }, probeMs)
        .then(([v]) => variantValue(v) === true, () => undefined)
    const [isEnabled, screenReaderEnabled] = await Promise.all([flag("IsEnabled"), flag("ScreenReaderEnabled")])
    return { reachable: true, id: String(id), is_enabled: isEnabled, screen_reader_enabled: screenReaderEnabled }
  } catch (error) {
    return { reachable: false, error: (error as Error).message }
  } finally {
    bus.close()
  }
}

export const hasXdotool = async (): Promise<boolean> => (await run("sh", ["-c", "command -v xdotool"])) !== undefined

/**
 * What a channel's capability says about its grant: available with a grant the user gave (a KDE authorization) or
 * none needed; unavailable with a way to get it (denied, with that suggestion), else unknown (no grant would help:
 * `status` names the reason).
 */
const grantOf = (channels: ReadonlyArray<ChannelCapability>): PermissionState => {
  const missing = channels.find((channel) => channel.state === "unavailable")
  if (missing?.state === "unavailable") return missing.suggestion ? { state: "denied", suggestion: missing.suggestion } : { state: "unknown" }
  return channels.some((channel) => channel.state === "available" && channel.grant === "granted") ? { state: "granted" } : { state: "not_required" }
}

/**
 * On X11 nothing needs a grant. On Wayland screen capture and input (reported as `automation`: driving other apps'
 * input) are the display-server backend's channels, which say whether a user granted them (KDE's `.desktop`
 * authorization) and how to get them where they are missing.
 */
export const permissionsFor = (a11yReachable: boolean, channels?: DisplayCapabilities): PermissionReport => {
  const wayland = probeSession().type === "wayland"
  return {
    accessibility: a11yReachable
      ? { state: "granted" }
      : { state: "denied", suggestion: "Start the AT-SPI bus in this session (at-spi2-core's at-spi-bus-launcher) or run inside a desktop session; see `status`." },
    screen_recording: !wayland ? { state: "not_required" } : channels ? grantOf([channels.capture]) : { state: "unknown" },
    automation: !wayland ? { state: "not_required" } : channels ? grantOf([channels.pointer, channels.keyboard]) : { state: "unknown" }
  }
}

export const probeStatus = async (
  session: AtspiSession | undefined,
  sessionError: string | undefined,
  displayServer: DisplayServerShape = chooseDisplayServer()
): Promise<PlatformStatus> => {
  const problems: Array<string> = []
  const sessionType = process.env.XDG_SESSION_TYPE
  const display = process.env.DISPLAY
  const wayland = process.env.WAYLAND_DISPLAY
  const [sessionBus, xdotool] = await Promise.all([sessionBusProbe(), hasXdotool()])
  if (!sessionBus.reachable) problems.push(`No session D-Bus: ${sessionBus.error}. Run inside the user's graphical session (or start a virtual desktop).`)
  if (sessionBus.reachable && sessionBus.is_enabled === false) {
    problems.push("org.a11y.Status IsEnabled is false: GTK apps still work, Qt and Chromium/Electron apps may not publish a tree.")
  }

  let a11y: Record<string, unknown> = { reachable: false }
  let registry: Record<string, unknown> = { present: false }
  let apps: Array<Record<string, unknown>> = []
  if (session) {
    a11y = { reachable: true, address: session.location.address, source: session.location.source }
    const directory = new AppDirectory(session)
    const registryPid = await directory.pidOf(registryName)
    registry = { present: registryPid !== undefined, ...(registryPid ? { pid: registryPid } : {}) }
    if (registryPid === undefined) problems.push("The AT-SPI registry (at-spi2-registryd) is not running on the accessibility bus.")
    const survey = await directory.survey().catch(() => ({ apps: [], unresponsive: [] }))
    const registered = survey.apps
    for (const app of survey.unresponsive) {
      problems.push(`The app with PID ${app.pid} is registered with AT-SPI but does not answer (frozen or busy).`)
    }
    apps = await Promise.all(registered.map(async (app) => {
      const started = performance.now()
      const rtt = await new Accessible(session, { busName: app.ref.busName, path: Paths.root }).role(probeMs).then(() => performance.now() - started, () => undefined)
      const [info] = await directory.listApps(app.name).then((list) => list.filter((entry) => entry.pid === (app.pid ?? 0)), () => [])
      const windows = await directory.windowsOf(app).then((list) => list.length, () => undefined)
      return {
        name: app.name,
        ...(app.pid ? { pid: app.pid } : {}),
        ...(info?.toolkit ? { toolkit: info.toolkit } : {}),
        ...(info?.toolkit_version ? { toolkit_version: info.toolkit_version } : {}),
        ...(windows !== undefined ? { windows } : {}),
        ...(rtt !== undefined ? { rtt_ms: Math.round(rtt * 10) / 10 } : { unresponsive: true }),
        peer_to_peer: session.isDirect(app.ref.busName)
      }
    }))
  } else {
    a11y = { reachable: false, error: sessionError }
    problems.push(`No accessibility bus: ${sessionError ?? "unknown reason"}. Start at-spi-bus-launcher in the session (package at-spi2-core).`)
  }

  const xWindows = display ? await Effect.runPromise(displayServer.windowOwners()) : undefined
  const registeredPids = new Set(apps.map((app) => app.pid))
  const unregistered = (xWindows ?? []).filter((w) => w.pid > 0 && !registeredPids.has(w.pid))
  // One line per process, so a layer that knows more about it (the engine's sources) can say that instead.
  const problemsByPid = new Map<number, string>()
  for (const pid of new Set(unregistered.map((w) => w.pid))) {
    const problem = `The windows of PID ${pid} have no AT-SPI app (started with NO_AT_BRIDGE=1, or a toolkit without accessibility).`
    problems.push(problem)
    problemsByPid.set(pid, problem)
  }
  const displaySession = probeSession()
  const channels = await Effect.runPromise(displayServer.capabilities())
  if (displaySession.type === "wayland") {
    // What does not work on this compositor, and why: reading and semantic actions work regardless (AT-SPI).
    for (const name of ["keyboard", "pointer", "capture", "windows"] as const) {
      const channel = channels[name]
      if (channel.state === "unavailable") {
        problems.push(`Wayland ${name} (${displayServer.backend} backend): ${channel.reason}${channel.suggestion ? ` ${channel.suggestion}` : ""}`)
      }
    }
  }
  if (!xdotool && displaySession.type === "x11") problems.push("xdotool is not installed: unregistered windows cannot be listed.")

  const reachable = session !== undefined
  return {
    platform: "linux",
    permissions: permissionsFor(reachable, channels),
    supported_surfaces: reachable ? ["window", "focused"] : [],
    problems,
    problemsByPid,
    probes: {
      session: { type: sessionType ?? null, display: display ?? null, wayland_display: wayland ?? null },
      session_bus: sessionBus,
      a11y_bus: a11y,
      registry,
      apps,
      ...(xWindows ? { unregistered_windows: unregistered } : {}),
      input: {
        device_event_controller: registry.present === true && Boolean(display),
        xdotool,
        wayland_input: displaySession.type !== "wayland" ? "n/a" : channels.keyboard.state === "available" ? channels.keyboard.via : "unsupported"
      },
      display_server: {
        session_type: displaySession.type,
        ...(displaySession.desktops.length > 0 ? { desktops: displaySession.desktops } : {}),
        backend: displayServer.backend,
        channels
      }
    }
  }
}

