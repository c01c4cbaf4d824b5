/**
 * A private headless Wayland session, the compositor counterpart of `startDesktop`: private runtime and config
 * directories, a private session bus and the AT-SPI bus, the compositor (sway, gnome-shell or kwin_wayland, each
 * described by a `Compositor`), the session bus's activation environment updated with the compositor's socket, then
 * the apps — natively on Wayland (`GDK_BACKEND=wayland`, `QT_QPA_PLATFORM=wayland`, no `DISPLAY`) — each waited for
 * on the AT-SPI registry. Every PID goes to `$STATE/pids`; `stopDesktop` stops them all, newest first.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AppSpec } from "../AppSpec.js"
import type { CallSpec } from "../DbusClient.js"
import { formatEnv } from "../DesktopEnv.js"
import { ensurePackages } from "../ensurePackages.js"
import { startRegisteredApp, startSessionBuses, atspiLauncherPath, type SessionBuses } from "../SessionBuses.js"
import { onPath, processLauncher, StartError, type Launcher } from "../SessionProcesses.js"
import type { RunningApp } from "../startDesktop.js"
import { stopDesktop, type StopReport } from "../stopDesktop.js"

export type CompositorName = "sway" | "gnome-shell" | "kwin"

/** What a client needs to reach a compositor session (printed as `export` lines, saved to `$STATE/env`). */
export interface WaylandDesktopEnv {
  /** The compositor's socket as an absolute path (libwayland accepts one), so clients need not share its runtime dir. */
  readonly WAYLAND_DISPLAY: string
  readonly DBUS_SESSION_BUS_ADDRESS: string
  readonly AT_SPI_BUS_ADDRESS: string
  readonly XDG_RUNTIME_DIR: string
  readonly XDG_CONFIG_HOME: string
  readonly XDG_SESSION_TYPE: "wayland"
  readonly XDG_CURRENT_DESKTOP: string
  readonly GDK_BACKEND: "wayland"
  readonly QT_QPA_PLATFORM: "wayland"
  /**
   * Compositor-specific: SWAYSOCK (sway IPC), DBUS_SYSTEM_BUS_ADDRESS (gnome-shell's private system bus), DISPLAY
   * (XWayland, when started).
   */
  readonly [extra: string]: string
}

export interface CompositorContext {
  readonly stateDir: string
  readonly launcher: Launcher
  /** The session bus address (the compositors that use D-Bus connect to it). */
  readonly sessionBus: string
  /** Whether a name is owned on the session bus (readiness of the compositors that own one). */
  readonly hasOwner: (name: string) => Promise<boolean>
  /** One call on the session bus. */
  readonly call: (spec: CallSpec, timeoutMs?: number) => Promise<ReadonlyArray<unknown>>
  /** The clients' runtime directory (the compositors running as the caller put their socket here). */
  readonly runtimeDir: string
  readonly width: number
  readonly height: number
  readonly deadline: number
  /** Start XWayland too (X11 apps in the Wayland session); the compositor then reports DISPLAY in its env. */
  readonly xwayland: boolean
}

export interface CompositorReady {
  readonly pid: number
  /** The absolute path of the Wayland socket. */
  readonly socket: string
  /** XDG_CURRENT_DESKTOP as the real session sets it. */
  readonly desktop: string
  /** Extra environment for clients (SWAYSOCK, ...). */
  readonly env: Readonly<Record<string, string>>
  /** The user it runs as. */
  readonly user: string
}

export interface Compositor {
  readonly name: CompositorName
  /** Programs that must exist (on PATH or absolute) before anything starts. */
  readonly programs: ReadonlyArray<string>
  /** The Debian packages that provide them (installed when missing, root + apt only). */
  readonly packages: ReadonlyArray<string>
  /** Starts the compositor (the buses are up) and resolves once a client can connect. */
  readonly start: (context: CompositorContext) => Promise<CompositorReady>
}

export interface WaylandStartOptions {
  /** State directory; a fresh temporary one when omitted. Reusing one stops what it recorded first. */
  readonly stateDir?: string
  readonly apps?: ReadonlyArray<string | AppSpec>
  /** The (single, virtual) output's size in logical pixels; default 1280x1024. */
  readonly width?: number
  readonly height?: number
  readonly timeoutMs?: number
  /** Set org.a11y.Status IsEnabled (default true). */
  readonly enable?: boolean
  /**
   * Start XWayland with the compositor (sway): `DISPLAY` joins the session's env, so an app given
   * `GDK_BACKEND=x11` (or `QT_QPA_PLATFORM=xcb`) runs as an X11 client inside the Wayland session. Default false.
   */
  readonly xwayland?: boolean
}

export interface RunningWaylandDesktop {
  readonly stateDir: string
  readonly compositor: { readonly name: CompositorName; readonly pid: number; readonly user: string }
  readonly env: WaylandDesktopEnv
  readonly apps: ReadonlyArray<RunningApp>
  readonly launch: (app: string | AppSpec, timeoutMs?: number) => Promise<RunningApp>
  readonly stop: () => Promise<StopReport>
}

const sessionPrograms = ["dbus-daemon", atspiLauncherPath]
const sessionPackages = ["dbus", "at-spi2-core"]

const ensurePrograms = (compositor: Compositor): void => {
  const programs = [...sessionPrograms, ...compositor.programs]
  if (programs.every(onPath)) return
  ensurePackages([...sessionPackages, ...compositor.packages])
  const missing = programs.filter((program) => !onPath(program))
  if (missing.length > 0) {
    throw new StartError(`${compositor.name} session: missing ${missing.join(", ")}; install: ${[...sessionPackages, ...compositor.packages].join(" ")}`)
  }
}

/** The caller's environment without anything that would send a client to another display or silence AT-SPI. */
const cleanBase = (): NodeJS.ProcessEnv => {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK", "I3SOCK", "NO_AT_BRIDGE", "GTK_MODULES", "XAUTHORITY", "DBUS_SYSTEM_BUS_ADDRESS"]) {
    delete base[name]
  }
  return base
}

export const startWaylandSession = async (compositor: Compositor, options: WaylandStartOptions = {}): Promise<RunningWaylandDesktop> => {
  ensurePrograms(compositor)
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), `agent-desktop-${compositor.name}-`))
  mkdirSync(stateDir, { recursive: true, mode: 0o700 })
  // A compositor running as another user must reach its own directory below this one: traverse only, no listing.
  chmodSync(stateDir, 0o711)
  await stopDesktop(stateDir)
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  const logs = join(stateDir, "logs")
  const runtimeDir = join(stateDir, "xdg")
  const configDir = join(stateDir, "config")
  for (const dir of [logs, runtimeDir, configDir]) mkdirSync(dir, { recursive: true, mode: 0o700 })

  const known: Record<string, string> = { XDG_RUNTIME_DIR: runtimeDir, XDG_CONFIG_HOME: configDir }
  const launcher = processLauncher(stateDir, logs, () => ({ ...cleanBase(), ...known }))
  let buses: SessionBuses | undefined
  try {
    buses = await startSessionBuses(stateDir, launcher, runtimeDir, deadline, options.enable !== false)
    known.DBUS_SESSION_BUS_ADDRESS = buses.sessionAddress
    known.AT_SPI_BUS_ADDRESS = buses.a11yAddress
    const ready = await compositor.start({
      stateDir,
      launcher,
      sessionBus: buses.sessionAddress,
      hasOwner: buses.hasOwner,
      call: buses.call,
      runtimeDir,
      width: options.width ?? 1280,
      height: options.height ?? 1024,
      deadline,
      xwayland: options.xwayland === true
    })
    const env: WaylandDesktopEnv = {
      WAYLAND_DISPLAY: ready.socket,
      DBUS_SESSION_BUS_ADDRESS: buses.sessionAddress,
      AT_SPI_BUS_ADDRESS: buses.a11yAddress,
      XDG_RUNTIME_DIR: runtimeDir,
      XDG_CONFIG_HOME: configDir,
      XDG_SESSION_TYPE: "wayland",
      XDG_CURRENT_DESKTOP: ready.desktop,
      GDK_BACKEND: "wayland",
      QT_QPA_PLATFORM: "wayland",
      ...ready.env
    }
    Object.assign(known, env)
    // Services the session bus starts later (portals, dconf) must find the compositor like the apps do.
    await buses.updateActivationEnvironment(env)
    writeFileSync(join(stateDir, "env"), formatEnv(env), { mode: 0o600 })

    const a11y = buses.a11y
    const openBuses = buses
    const startApp = async (app: string | AppSpec, appDeadline: number): Promise<RunningApp> => {
      const running = await startRegisteredApp(launcher, a11y, app, stateDir, appDeadline)
      await openBuses.adoptServices()
      return running
    }
    await openBuses.adoptServices()
    const apps = await Promise.all((options.apps ?? []).map((app) => startApp(app, deadline)))
    return {
      stateDir,
      compositor: { name: compositor.name, pid: ready.pid, user: ready.user },
      env,
      apps,
      launch: (app, timeoutMs = 30_000) => startApp(app, Date.now() + timeoutMs),
      stop: async () => {
        await openBuses.adoptServices().catch(() => undefined)
        openBuses.close()
        return stopDesktop(stateDir)
      }
    }
  } catch (error) {
    await buses?.adoptServices().catch(() => undefined)
    buses?.close()
    await stopDesktop(stateDir)
    throw error
  }
}

/** The socket's path once it exists (compositors create it when they are ready to accept clients). */
export const socketReady = (path: string): string | undefined => (existsSync(path) ? path : undefined)
