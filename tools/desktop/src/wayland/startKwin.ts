/**
 * Headless KWin: `kwin_wayland --virtual --socket NAME --width W --height H` (a virtual framebuffer output, software
 * GL), without the lock screen, global shortcuts or activities. Debian installs kwin_wayland with a file capability
 * (`cap_sys_resource=ep`); where the capability is outside the bounding set (containers) executing it fails with
 * EPERM, so then a copy of the binary in `$STATE/bin` runs instead (a copy carries no capability; KWin only uses it to
 * raise its own resource limits). It runs as the caller. Ready once its socket exists and `org.kde.KWin` is on the
 * session bus.
 *
 * KWin grants its restricted Wayland globals (`org_kde_kwin_fake_input`, `org_kde_plasma_window_management`, ...) and
 * D-Bus interfaces (`org.kde.KWin.ScreenShot2`) per executable: it resolves the client's /proc/PID/exe and looks for an
 * installed .desktop file whose Exec= is that path (`X-KDE-Wayland-Interfaces`, `X-KDE-DBUS-Restricted-Interfaces`).
 * `authorizations` writes such files into the session's own XDG_DATA_HOME (`$STATE/data/applications`, KWin's service
 * cache in `$STATE/cache`) before KWin starts; the session's env names both directories, so an installer run in that
 * env (agent-desktop's `agent-desktop-setup-kde`) writes where this KWin looks and rebuilds the cache it reads.
 */
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs"
import { userInfo } from "node:os"
import { join } from "node:path"
import { exitWatch, pollUntil } from "../SessionProcesses.js"
import {
  socketReady,
  startWaylandSession,
  type Compositor,
  type RunningWaylandDesktop,
  type WaylandStartOptions
} from "./startWaylandSession.js"

const SOCKET_NAME = "wayland-kwin"
const KWIN = "/usr/bin/kwin_wayland"

/** The binary itself where it may be executed, else a capability-free copy in the state directory. */
export const runnableKwin = (stateDir: string): string => {
  const probe = spawnSync(KWIN, ["--version"], { encoding: "utf8", env: { ...process.env, XDG_RUNTIME_DIR: join(stateDir, "xdg") } })
  const code = (probe.error as NodeJS.ErrnoException | undefined)?.code
  if (code !== "EPERM" && code !== "EACCES") return KWIN
  const bin = join(stateDir, "bin")
  mkdirSync(bin, { recursive: true, mode: 0o700 })
  const copy = join(bin, "kwin_wayland")
  copyFileSync(KWIN, copy)
  return copy
}

/** A .desktop authorization: the executable (its real path) and what KWin should grant it. */
export interface KwinAuthorization {
  readonly name: string
  readonly exec: string
  readonly waylandInterfaces?: ReadonlyArray<string>
  readonly dbusInterfaces?: ReadonlyArray<string>
}

export const kwinDesktopFile = (authorization: KwinAuthorization): string =>
  [
    "[Desktop Entry]",
    "Type=Application",
    `Name=${authorization.name}`,
    `Exec=${authorization.exec}`,
    "NoDisplay=true",
    ...(authorization.waylandInterfaces?.length ? [`X-KDE-Wayland-Interfaces=${authorization.waylandInterfaces.join(",")}`] : []),
    ...(authorization.dbusInterfaces?.length ? [`X-KDE-DBUS-Restricted-Interfaces=${authorization.dbusInterfaces.join(",")}`] : []),
    ""
  ].join("\n")

export const kwinWith = (authorizations: ReadonlyArray<KwinAuthorization> = []): Compositor => ({
  name: "kwin",
  programs: [KWIN],
  packages: ["kwin-wayland"],
  start: async (context) => {
    const data = join(context.stateDir, "data")
    const cache = join(context.stateDir, "cache")
    mkdirSync(join(data, "applications"), { recursive: true, mode: 0o700 })
    mkdirSync(cache, { recursive: true, mode: 0o700 })
    authorizations.forEach((authorization, index) =>
      writeFileSync(join(data, "applications", `agent-desktop-authorization-${index}.desktop`), kwinDesktopFile(authorization), { mode: 0o600 })
    )
    const argv = [
      runnableKwin(context.stateDir), "--virtual", "--socket", SOCKET_NAME,
      "--width", String(context.width), "--height", String(context.height),
      "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"
    ]
    const child = context.launcher.launch("compositor-kwin", argv, {
      env: {
        XDG_SESSION_TYPE: "wayland",
        XDG_CURRENT_DESKTOP: "KDE",
        KDE_FULL_SESSION: "true",
        KDE_SESSION_VERSION: "5",
        XDG_DATA_HOME: data,
        XDG_CACHE_HOME: cache
      }
    })
    const died = exitWatch(child, "kwin_wayland", join(context.launcher.logs, "compositor-kwin.log"))
    const socket = join(context.runtimeDir, SOCKET_NAME)
    await pollUntil("kwin_wayland's Wayland socket and org.kde.KWin", context.deadline, async () => {
      died.check()
      return socketReady(socket) !== undefined && (await context.hasOwner("org.kde.KWin")) ? true : undefined
    }, 50)
    return { pid: child.pid!, socket, desktop: "KDE", env: { XDG_DATA_HOME: data, XDG_CACHE_HOME: cache }, user: userInfo().username }
  }
})

export const kwin: Compositor = kwinWith()

/** A headless KWin session with the apps on it (see `startWaylandSession`). */
export const startKwin = (
  options: WaylandStartOptions & { readonly authorizations?: ReadonlyArray<KwinAuthorization> } = {}
): Promise<RunningWaylandDesktop> => startWaylandSession(kwinWith(options.authorizations), options)
