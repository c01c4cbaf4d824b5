/**
 * Headless sway (wlroots): `WLR_BACKENDS=headless` with the pixman renderer (no GPU), one virtual output, no bar,
 * XWayland only when asked. sway refuses to run as root, so a root caller runs it as the dedicated user (`CompositorUser.ts`) with a
 * runtime directory of its own (`$STATE/sway`, 0700, owned by that user: its Wayland socket, its IPC socket and its
 * config live there); everything else stays the caller's. Ready once sway's IPC answers with an active output.
 */
import { execFile, spawnSync } from "node:child_process"
import { userInfo } from "node:os"
import { chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { exitWatch, pollUntil, StartError } from "../SessionProcesses.js"
import { compositorUser } from "./CompositorUser.js"
import {
  startWaylandSession,
  type Compositor,
  type RunningWaylandDesktop,
  type WaylandStartOptions
} from "./startWaylandSession.js"

const run = promisify(execFile)

/** sway's config: the one headless output at the origin, nothing started, XWayland only when asked (then at once). */
export const swayConfig = (width: number, height: number, xwayland = false): string =>
  [
    "# written by @agent-desktop/desktop for a headless test session",
    `output HEADLESS-1 resolution ${width}x${height} position 0 0`,
    xwayland ? "xwayland force" : "xwayland disable",
    ""
  ].join("\n")

/**
 * The X display sway's XWayland listens on: wlroots takes the first free display number and writes its lock file,
 * `/tmp/.X<N>-lock`, holding the compositor's own pid.
 */
const xwaylandDisplay = (compositorPid: number): string | undefined => {
  for (const entry of readdirSync("/tmp")) {
    const match = /^\.X(\d+)-lock$/.exec(entry)
    if (!match) continue
    try {
      if (Number(readFileSync(join("/tmp", entry), "utf8").replace(/\0/g, "").trim()) === compositorPid) return `:${match[1]}`
    } catch {
      // a lock file that vanished or is not ours to read
    }
  }
  return undefined
}

const activeOutputs = async (swaysock: string): Promise<number> => {
  const { stdout } = await run("swaymsg", ["-s", swaysock, "-r", "-t", "get_outputs"], { timeout: 2000 })
  const outputs = JSON.parse(stdout) as ReadonlyArray<{ readonly active?: boolean }>
  return outputs.filter((output) => output.active === true).length
}

export const sway: Compositor = {
  name: "sway",
  programs: ["sway", "swaymsg"],
  packages: ["sway", "xwayland", "x11-xserver-utils"],
  start: async (context) => {
    const user = compositorUser()
    const home = join(context.stateDir, "sway")
    mkdirSync(home, { recursive: true, mode: 0o700 })
    const config = join(home, "config")
    writeFileSync(config, swayConfig(context.width, context.height, context.xwayland), { mode: 0o600 })
    if (user.switched) {
      chownSync(home, user.uid, user.gid)
      chownSync(config, user.uid, user.gid)
    }
    const argv = ["sway", "-c", config]
    const child = context.launcher.launch("compositor-sway", argv, {
      env: {
        WLR_BACKENDS: "headless",
        WLR_RENDERER: "pixman",
        WLR_HEADLESS_OUTPUTS: "1",
        WLR_LIBINPUT_NO_DEVICES: "1",
        XDG_RUNTIME_DIR: home,
        HOME: home,
        USER: user.name,
        LOGNAME: user.name,
        // sway itself needs no bus; the session's belongs to the caller's user.
        DBUS_SESSION_BUS_ADDRESS: "",
        AT_SPI_BUS_ADDRESS: ""
      },
      ...(user.switched ? { uid: user.uid, gid: user.gid } : {})
    })
    const died = exitWatch(child, "sway", join(context.launcher.logs, "compositor-sway.log"))
    const swaysock = await pollUntil("sway's IPC socket", context.deadline, async () => {
      died.check()
      const name = readdirSync(home).find((entry) => entry === `sway-ipc.${user.uid}.${child.pid}.sock`)
      return name === undefined ? undefined : join(home, name)
    }, 20)
    await pollUntil("sway's output", context.deadline, async () => {
      died.check()
      return (await activeOutputs(swaysock)) > 0 ? true : undefined
    }, 20)
    const socketName = readdirSync(home).find((entry) => /^wayland-\d+$/.test(entry))
    if (socketName === undefined) throw new Error(`sway answers on IPC but has no Wayland socket in ${home}`)
    const display = context.xwayland
      ? await pollUntil("sway's XWayland display", context.deadline, async () => {
        died.check()
        return xwaylandDisplay(child.pid!)
      }, 20)
      : undefined
    if (display !== undefined && user.switched) {
      // XWayland runs as the compositor's user and admits only that user: the caller's X11 apps and test clients
      // (another user) are let in by name, as that user.
      const grant = spawnSync("xhost", [`+si:localuser:${userInfo().username}`], {
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", DISPLAY: display },
        uid: user.uid,
        gid: user.gid,
        encoding: "utf8",
        timeout: 5000
      })
      if (grant.status !== 0) {
        throw new StartError(`xhost could not admit ${userInfo().username} to sway's XWayland ${display}: ${grant.error?.message ?? grant.stderr} (install x11-xserver-utils)`)
      }
    }
    return {
      pid: child.pid!,
      socket: join(home, socketName),
      desktop: "sway",
      env: { SWAYSOCK: swaysock, ...(display === undefined ? {} : { DISPLAY: display }) },
      user: user.name
    }
  }
}

/** A headless sway session with the apps on it (see `startWaylandSession`). */
export const startSway = (options: WaylandStartOptions = {}): Promise<RunningWaylandDesktop> => startWaylandSession(sway, options)
