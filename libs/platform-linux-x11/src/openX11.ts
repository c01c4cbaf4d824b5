/**
 * The process's one X connection, opened on first use. Refusals come before anything is sent: a session X11 does
 * not serve (Wayland: XTEST would reach only XWayland clients and capture sees no Wayland windows; no display),
 * no addon (what is missing), a display that does not open.
 */
import { probeSession, type PlatformError } from "@agent-desktop/platform"
import { loadAddon } from "./Addon.js"
import { connectionLost, unsupported } from "./x11Errors.js"
import { X11Session } from "./X11Session.js"

let session: X11Session | undefined

/** Why X11 input and capture cannot run in this environment, or undefined when they can. */
export const environmentRefusal = (env: NodeJS.ProcessEnv = process.env): PlatformError | undefined => {
  const probed = probeSession(env)
  if (probed.type === "wayland") {
    return unsupported(
      "this is a Wayland session: coordinate input, screenshots and window moves need X11 (XTEST would reach only XWayland apps and capture cannot see Wayland windows)",
      {
        kind: "wayland_session",
        works_instead: "snapshot, find and the semantic ref actions (click, set-value, type, ...) work through AT-SPI"
      }
    )
  }
  if (probed.type === "none") {
    return unsupported("no X display: DISPLAY is not set", { kind: "no_display" })
  }
  return undefined
}

export const openX11 = (): X11Session => {
  if (session) return session
  const refusal = environmentRefusal()
  if (refusal) throw refusal
  const load = loadAddon()
  if (load._tag === "Unavailable") {
    throw unsupported(load.reason, { kind: "native_addon_unavailable", missing: load.missing })
  }
  try {
    session = new X11Session(load.addon)
  } catch (error) {
    throw unsupported(`cannot open the X display ${process.env["DISPLAY"] ?? ""}: ${(error as Error).message}`, {
      kind: "no_display"
    })
  }
  return session
}

/** After a failure: a lost display is forgotten so a long-lived host reconnects on its next call. */
export const forgetLostX11 = (error: unknown): void => {
  if (connectionLost(error)) session = undefined
}

/** Close the X connection (tests). */
export const closeX11 = (): void => {
  if (session) {
    session.addon.close()
    session = undefined
  }
}
