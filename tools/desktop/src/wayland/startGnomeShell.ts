/**
 * Headless GNOME Shell: `gnome-shell --headless --wayland --no-x11 --virtual-monitor WxH --wayland-display NAME`
 * (mutter's native backend with a virtual monitor, software rendering). The shell talks to the system bus (logind,
 * accounts, ...); a test must not reach the machine's, so it gets a private one (`$STATE/system-bus.conf`: any user
 * may connect, own names, send and receive; no service directories, so nothing is activated on it and a call to a
 * system service fails at once). It runs as the caller (root in
 * CI). Ready once its socket exists in the clients' runtime directory and `org.gnome.Shell` is on the session bus.
 *
 * PipeWire and WirePlumber start first (`startPipewire.ts`): mutter's ScreenCast streams (screenshots, and the absolute
 * pointer of its RemoteDesktop) flow through them.
 *
 * GNOME Shell starts in the overview (as at a login), which holds the keyboard focus: keys meant for an app went to
 * the overview's search. The session leaves it (`OverviewActive = false` on org.gnome.Shell, a property any client
 * may set) before the apps start, so an app's window gets the focus as on a desktop in use.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { variantValue } from "../DbusClient.js"
import { exitWatch, pollUntil, readFd3Line } from "../SessionProcesses.js"
import {
  socketReady,
  startWaylandSession,
  type Compositor,
  type RunningWaylandDesktop,
  type WaylandStartOptions
} from "./startWaylandSession.js"
import { userInfo } from "node:os"
import { PIPEWIRE_PACKAGES, PIPEWIRE_PROGRAMS, startPipewire } from "./startPipewire.js"

/** How long one call to a starting shell may take (its first answers can be slow under load). */
const OVERVIEW_CALL_MS = 15_000

const SOCKET_NAME = "wayland-gnome"

const xmlEscape = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** A system bus for one test session: reachable only through its socket in the state directory. */
export const privateSystemBusConfig = (socketPath: string): string => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${xmlEscape(socketPath)}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
`

/**
 * What a session's user does before logging in (installing and enabling a GNOME Shell extension): run with the
 * session's buses and directories, before the shell starts, so the shell finds it as at a log-in.
 */
export type BeforeShell = (env: Readonly<Record<string, string>>) => void | Promise<void>

/**
 * `pipewire: false`: a session without PipeWire (what a test of the refusals without it needs). `beforeShell` runs
 * with the session's own user data directory (`XDG_DATA_HOME=$STATE/data`, where GNOME Shell finds user extensions,
 * the same for the shell and every client) before the shell starts.
 */
const gnomeShellCompositor = (pipewire: boolean, beforeShell?: BeforeShell): Compositor => ({
  name: "gnome-shell",
  programs: ["gnome-shell", ...(pipewire ? PIPEWIRE_PROGRAMS : [])],
  packages: ["gnome-shell", ...(pipewire ? PIPEWIRE_PACKAGES : [])],
  start: async (context) => {
    // The portals (activated on the session bus, by the shell or a client) keep their permission store in
    // XDG_DATA_HOME and save screenshots in the pictures directory (user-dirs.dirs, else $HOME): both stay in the
    // session's state directory, set before the shell starts since the shell activates the permission store at once.
    const dataHome = join(context.stateDir, "data")
    const pictures = join(context.stateDir, "pictures")
    for (const dir of [dataHome, pictures]) mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(context.stateDir, "config", "user-dirs.dirs"), `XDG_PICTURES_DIR="${pictures}"\n`, { mode: 0o600 })
    await context.call({
      destination: "org.freedesktop.DBus",
      path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus",
      member: "UpdateActivationEnvironment",
      signature: "a{ss}",
      body: [[["XDG_DATA_HOME", dataHome]]]
    })
    const config = join(context.stateDir, "system-bus.conf")
    writeFileSync(config, privateSystemBusConfig(join(context.stateDir, "system-bus")), { mode: 0o600 })
    const systemBus = context.launcher.launch("system-bus", ["dbus-daemon", `--config-file=${config}`, "--nofork", "--print-address=3"], { fd3: true })
    const systemAddress = await readFd3Line(systemBus, "private system bus", context.deadline)
    // The same config directory startWaylandSession gives every client (XDG_CONFIG_HOME).
    if (pipewire) await startPipewire(context, join(context.stateDir, "config"))
    if (beforeShell !== undefined) {
      await beforeShell({
        XDG_DATA_HOME: dataHome,
        DBUS_SESSION_BUS_ADDRESS: context.sessionBus,
        XDG_RUNTIME_DIR: context.runtimeDir,
        XDG_CONFIG_HOME: join(context.stateDir, "config")
      })
    }
    const argv = [
      "gnome-shell", "--headless", "--wayland", "--no-x11",
      "--virtual-monitor", `${context.width}x${context.height}`, "--wayland-display", SOCKET_NAME
    ]
    const child = context.launcher.launch("compositor-gnome-shell", argv, {
      env: { DBUS_SYSTEM_BUS_ADDRESS: systemAddress, XDG_SESSION_TYPE: "wayland", XDG_CURRENT_DESKTOP: "GNOME", XDG_DATA_HOME: dataHome }
    })
    const died = exitWatch(child, "gnome-shell", join(context.launcher.logs, "compositor-gnome-shell.log"))
    const socket = join(context.runtimeDir, SOCKET_NAME)
    await pollUntil("gnome-shell's Wayland socket and org.gnome.Shell", context.deadline, async () => {
      died.check()
      return socketReady(socket) !== undefined && (await context.hasOwner("org.gnome.Shell")) ? true : undefined
    }, 50)
    const overview = { destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties" }
    // The shell owns its name before it exports /org/gnome/Shell: the Set is retried until the object answers. A
    // loaded shell answered the Set after more than 2 s (a CI run): each call may take OVERVIEW_CALL_MS, so slow
    // answers are waited for instead of piling up more Sets in its queue until the deadline.
    await pollUntil("gnome-shell leaving its start-up overview", context.deadline, async () => {
      died.check()
      await context.call({ ...overview, member: "Set", signature: "ssv", body: ["org.gnome.Shell", "OverviewActive", ["b", false]] }, OVERVIEW_CALL_MS)
      const [value] = await context.call({ ...overview, member: "Get", signature: "ss", body: ["org.gnome.Shell", "OverviewActive"] }, OVERVIEW_CALL_MS)
      return variantValue(value) === false ? true : undefined
    }, 50)
    return {
      pid: child.pid!,
      socket,
      desktop: "GNOME",
      env: { DBUS_SYSTEM_BUS_ADDRESS: systemAddress, XDG_DATA_HOME: dataHome },
      user: userInfo().username
    }
  }
})

export const gnomeShell: Compositor = gnomeShellCompositor(true)

/**
 * A headless GNOME Shell session with the apps on it (see `startWaylandSession`); `pipewire: false` leaves PipeWire
 * out (mutter's ScreenCast then cannot start a stream); `beforeShell` runs before the shell starts (an extension's
 * installer), with the session's own user data directory.
 */
export const startGnomeShell = (options: WaylandStartOptions & { readonly pipewire?: boolean; readonly beforeShell?: BeforeShell } = {}): Promise<RunningWaylandDesktop> =>
  startWaylandSession(
    options.pipewire === false || options.beforeShell !== undefined ? gnomeShellCompositor(options.pipewire !== false, options.beforeShell) : gnomeShell,
    options
  )
