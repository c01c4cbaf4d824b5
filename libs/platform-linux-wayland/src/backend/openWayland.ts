/**
 * The process's one Wayland connection (`WaylandSession`: one virtual keyboard with one keymap, one virtual pointer),
 * opened on first use and kept: a warm host types every call's text through the same keyboard, so a keymap is
 * uploaded once and the seat's new-device wait happens once. A lost compositor is forgotten and the next call
 * reconnects. Refusals come before anything is sent: not a Wayland session, no addon (what is missing), no
 * compositor at WAYLAND_DISPLAY.
 */
import { probeSession, type PlatformError } from "@agent-desktop/platform"
import { loadAddon } from "../Addon.js"
import { SwayIpc } from "../SwayIpc.js"
import { WaylandSession } from "../WaylandSession.js"
import { connectionLost, unsupported } from "./waylandErrors.js"

let session: WaylandSession | undefined
let ipc: SwayIpc | undefined

/** Why the Wayland channels cannot run in this environment, or undefined when they can try. */
export const waylandRefusal = (env: NodeJS.ProcessEnv = process.env): PlatformError | undefined => {
  const probed = probeSession(env)
  if (probed.waylandDisplay === undefined) {
    return unsupported("no Wayland compositor: WAYLAND_DISPLAY is not set", { kind: "no_display" })
  }
  if (probed.type !== "wayland") {
    return unsupported("not a Wayland session (XDG_SESSION_TYPE says otherwise)", { kind: "not_wayland" })
  }
  return undefined
}

export const openWayland = (): WaylandSession => {
  if (session) return session
  const refusal = waylandRefusal()
  if (refusal) throw refusal
  const load = loadAddon()
  if (load._tag === "Unavailable") throw unsupported(load.reason, { kind: "native_addon_unavailable", missing: load.missing })
  try {
    session = new WaylandSession(load.addon, process.env["WAYLAND_DISPLAY"])
  } catch (error) {
    throw unsupported(`cannot connect to the Wayland compositor at ${process.env["WAYLAND_DISPLAY"] ?? ""}: ${(error as Error).message}`, {
      kind: "connect_failed"
    })
  }
  return session
}

/** sway's IPC where the session names it (SWAYSOCK), one connection for the process. */
export const swayIpc = (): SwayIpc | undefined => {
  const path = process.env["SWAYSOCK"]
  if (!path) return undefined
  if (ipc?.socketPath !== path) {
    ipc?.close()
    ipc = new SwayIpc(path)
  }
  return ipc
}

/** After a failure: a lost compositor is forgotten so a long-lived host reconnects on its next call. */
export const forgetLostWayland = (error: unknown): void => {
  if (connectionLost(error)) {
    try {
      session?.close()
    } catch {
      // already gone
    }
    session = undefined
  }
}

/** Close the connections (tests, and a host shutting down). */
export const closeWayland = (): void => {
  try {
    session?.close()
  } finally {
    session = undefined
    ipc?.close()
    ipc = undefined
  }
}
