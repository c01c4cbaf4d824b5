/**
 * PipeWire for a test session: the daemon (`pipewire`, its socket `pipewire-0` in the session's runtime directory) and
 * the session manager WirePlumber, which links a consumer's stream to the node it asked for (without it a ScreenCast
 * stream is offered but never flows). mutter's ScreenCast needs the daemon (without it a stream's Start fails with
 * "Couldn't connect pipewire context"), and its RemoteDesktop needs a ScreenCast stream for absolute pointer motion.
 *
 * WirePlumber's device monitors (ALSA, V4L2, libcamera, BlueZ) are switched off in the session's private config
 * directory: a test session must not open the machine's sound cards or cameras.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { exitWatch, pollUntil } from "../SessionProcesses.js"
import type { CompositorContext } from "./startWaylandSession.js"
import { socketReady } from "./startWaylandSession.js"

export const PIPEWIRE_PROGRAMS = ["pipewire", "wireplumber"]
export const PIPEWIRE_PACKAGES = ["pipewire", "wireplumber"]

/** WirePlumber 0.4's Lua settings: no device monitor, only the linking policy. */
const NO_DEVICES = `-- agent-desktop test session: no device is opened, streams are still linked.
alsa_monitor.enabled = false
v4l2_monitor.enabled = false
libcamera_monitor.enabled = false
`
const NO_BLUETOOTH = "bluez_monitor.enabled = false\n"

/** Starts PipeWire and WirePlumber as the caller; resolves once the daemon's socket exists and WirePlumber runs. */
export const startPipewire = async (context: CompositorContext, configDir: string): Promise<void> => {
  for (const [dir, file, text] of [["main.lua.d", "90-agent-desktop.lua", NO_DEVICES], ["bluetooth.lua.d", "90-agent-desktop.lua", NO_BLUETOOTH]] as const) {
    mkdirSync(join(configDir, "wireplumber", dir), { recursive: true, mode: 0o700 })
    writeFileSync(join(configDir, "wireplumber", dir, file), text)
  }
  const daemon = context.launcher.launch("pipewire", ["pipewire"])
  const died = exitWatch(daemon, "pipewire", join(context.launcher.logs, "pipewire.log"))
  const socket = join(context.runtimeDir, "pipewire-0")
  await pollUntil("pipewire's socket", context.deadline, async () => {
    died.check()
    return socketReady(socket)
  }, 20)
  const manager = context.launcher.launch("wireplumber", ["wireplumber"])
  const managerDied = exitWatch(manager, "wireplumber", join(context.launcher.logs, "wireplumber.log"))
  // WirePlumber has no readiness signal of its own; it must at least survive its start (a bad config exits at once).
  await new Promise((resolve) => setTimeout(resolve, 100))
  managerDied.check()
}
