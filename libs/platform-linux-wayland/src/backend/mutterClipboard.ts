/**
 * GNOME's clipboard (`ClipboardAccess`) through mutter's RemoteDesktop session: mutter offers no data-control, but a
 * remote-desktop session with `EnableClipboard` reads the selection (`SelectionRead` hands back a pipe) and owns one
 * (`SetSelection`, then each paste arrives as `SelectionTransfer` and is answered through `SelectionWrite`'s pipe).
 * The pipes travel as Unix fds over D-Bus and mutter admits these calls only from the connection that made the
 * session, so the addon holds that connection (`native/mutterclipboard.inc.c`); what is set is served by the detached
 * owner process, as on wlroots, until another client takes the selection. No grant: any client of the session bus
 * may make such a session (the RemoteDesktop portal exists to ask the user; mutter's own API does not).
 */
import { PlatformError, type ChannelCapability, type ClipboardAccess, type ClipboardContent } from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import { loadAddon } from "../Addon.js"
import { contentOf, mimeItems, readPlan } from "../clipboard/ClipboardMimeItems.js"
import { startOwner } from "../clipboard/ClipboardOwnerProcess.js"
import { sessionBusSocket } from "./KwinDisplayServer.js"
import { toPlatformError, unsupported } from "./waylandErrors.js"

const READ_MS = 5000
const VIA =
  "org.gnome.Mutter.RemoteDesktop session clipboard (EnableClipboard, SelectionRead; SetSelection answered through SelectionWrite by a detached owner process), on the native addon's own session-bus connection (the data passes as Unix fds)"
const NO_CLEAR =
  "mutter's RemoteDesktop clipboard can read the selection and replace it, not empty it (SetSelection without types only drops the session's own): clipboard-clear refuses on GNOME"

const ready = () => {
  const socket = sessionBusSocket()
  if (socket === undefined) throw unsupported("GNOME's clipboard goes through mutter on the session bus, and DBUS_SESSION_BUS_ADDRESS names no Unix socket", { kind: "no_session_bus" })
  const load = loadAddon()
  if (load._tag === "Unavailable") throw unsupported(load.reason, { kind: "native_addon_unavailable" })
  return { socket, addon: load.addon }
}

const read = (format: Parameters<ClipboardAccess["clipboardRead"]>[0]): ClipboardContent | undefined => {
  const { socket, addon } = ready()
  const answer = addon.mutterClipboardRead(socket.path, socket.abstract, (offered) => readPlan(format, offered).map((step) => step.mime), READ_MS)
  if (answer.offered === null || answer.mime === undefined || answer.data === undefined) return undefined
  const step = readPlan(format, answer.offered).find((candidate) => candidate.mime === answer.mime)
  return step === undefined ? undefined : contentOf(step.type, step.mime, answer.data)
}

export const mutterClipboard: ClipboardAccess = {
  clipboardRead: (format) => Effect.try({ try: () => read(format), catch: (error) => toPlatformError("clipboard-get")(error) }),
  clipboardWrite: (content) =>
    Effect.flatMap(
      Effect.try({ try: () => ({ items: mimeItems(content), socket: ready().socket }), catch: (error) => toPlatformError("clipboard-set")(error) }),
      ({ items, socket }) =>
        Effect.tryPromise({
          try: async () => ({ ownerPid: await startOwner(items, socket) }),
          catch: (error) => new PlatformError({ code: "ACTION_FAILED", message: `clipboard-set: ${(error as Error).message}` })
        })
    ),
  clipboardClear: () => Effect.fail(unsupported(NO_CLEAR, { kind: "clipboard_clear_unsupported" }))
}

/** The clipboard channel on GNOME: available wherever the session bus is a Unix socket and the addon loads. */
export const mutterClipboardCapability = (): ChannelCapability => {
  try {
    ready()
    return { state: "available", via: VIA, grant: "not_required" }
  } catch (error) {
    const refusal = toPlatformError("clipboard")(error)
    return { state: "unavailable", reason: refusal.message, kind: String(refusal.details?.["kind"] ?? "unavailable") }
  }
}
