/**
 * The clipboard of a Wayland backend (`ClipboardAccess`) through zwlr_data_control_manager_v1 on the process's one
 * connection: read and clear here, own through a detached owner process (a selection lives only as long as the client
 * that offers it; the owner exits when another client takes it, as on X11). Any compositor that offers the protocol
 * serves it (wlroots compositors do); one that does not (mutter) is refused before anything is sent, naming the
 * protocol, and the capability says the same.
 */
import { PlatformError, type ChannelCapability, type ClipboardAccess, type ClipboardContent } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { contentOf, mimeItems, readPlan } from "../clipboard/ClipboardMimeItems.js"
import { startOwner } from "../clipboard/ClipboardOwnerProcess.js"
import type { WaylandSession } from "../WaylandSession.js"
import { forgetLostWayland, openWayland } from "./openWayland.js"
import { toPlatformError } from "./waylandErrors.js"

export const CLIPBOARD_PROTOCOL = "zwlr_data_control_manager_v1"
export const CLIPBOARD_STEP = "zwlr_data_control_device_v1.set_selection"

const READ_MS = 5000

/** Why this compositor has no clipboard channel: it offers no data-control (the refusal names the protocol). */
const NO_DATA_CONTROL = `the compositor offers no ${CLIPBOARD_PROTOCOL} (clipboard without a focused window)`
const NO_DATA_CONTROL_SUGGESTION =
  "wlroots compositors (sway, Hyprland, river, labwc, Wayfire) and KWin offer it. GNOME's mutter does not; the GNOME backend uses mutter's RemoteDesktop clipboard instead"

const needDataControl = (s: WaylandSession) => {
  if (s.info.protocols.data_control === null) {
    throw new PlatformError({
      code: "PLATFORM_NOT_SUPPORTED",
      message: NO_DATA_CONTROL,
      details: { kind: "protocol_unavailable", protocol: CLIPBOARD_PROTOCOL },
      suggestion: NO_DATA_CONTROL_SUGGESTION,
      steps: []
    })
  }
}

const run = <A>(what: string, f: (s: WaylandSession) => A): Effect.Effect<A, PlatformError> =>
  Effect.try({
    try: () => {
      const s = openWayland()
      needDataControl(s)
      return f(s)
    },
    catch: (error) => {
      forgetLostWayland(error)
      return toPlatformError(what)(error)
    }
  })

const read = (s: WaylandSession, format: Parameters<ClipboardAccess["clipboardRead"]>[0]): ClipboardContent | undefined => {
  const offered = s.addon.clipboardMimeTypes()
  if (offered === null) return undefined
  for (const { type, mime } of readPlan(format, offered)) {
    const bytes = s.addon.clipboardReceive(mime, READ_MS)
    const content = bytes === null ? undefined : contentOf(type, mime, bytes)
    if (content) return content
  }
  return undefined
}

export const dataControlClipboard: ClipboardAccess = {
  clipboardRead: (format) => run("clipboard-get", (s) => read(s, format)),
  clipboardWrite: (content) =>
    Effect.flatMap(run("clipboard-set", () => mimeItems(content)), (items) =>
      Effect.tryPromise({
        try: async () => ({ ownerPid: await startOwner(items) }),
        catch: (error) => new PlatformError({ code: "ACTION_FAILED", message: `clipboard-set: ${(error as Error).message}` })
      })),
  clipboardClear: () => run("clipboard-clear", (s) => void s.addon.clipboardClear())
}

/** The clipboard channel's capability on an open connection. */
export const clipboardCapability = (s: WaylandSession): ChannelCapability =>
  s.info.protocols.data_control === null
    ? { state: "unavailable", reason: NO_DATA_CONTROL, kind: "protocol_unavailable", suggestion: NO_DATA_CONTROL_SUGGESTION }
    : {
      state: "available",
      via: `${CLIPBOARD_PROTOCOL} v${s.info.protocols.data_control} (native addon; a detached owner process serves what is set)`,
      grant: "not_required"
    }

/** The clipboard channel's capability, connecting once to learn the compositor's protocols. */
export const clipboardCapabilityHere = (): ChannelCapability => {
  try {
    return clipboardCapability(openWayland())
  } catch (error) {
    const refusal = toPlatformError("clipboard")(error)
    return { state: "unavailable", reason: refusal.message, kind: String(refusal.details?.["kind"] ?? "connect_failed") }
  }
}
