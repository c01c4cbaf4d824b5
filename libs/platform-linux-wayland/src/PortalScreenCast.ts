/**
 * Screen capture through the desktop's ScreenCast portal (`org.freedesktop.portal.ScreenCast` of xdg-desktop-portal,
 * answered on GNOME by xdg-desktop-portal-gnome and mutter): the route on which the user consents once.
 *
 * Measured on Debian 12 (xdg-desktop-portal 1.16, interface version 4; xdg-desktop-portal-gnome 43):
 * `CreateSession`, `SelectSources({types: 1 (monitor), persist_mode: 2 (until revoked), restore_token?})`, `Start`.
 * Without a token `Start` shows xdg-desktop-portal-gnome's GTK 4 dialog "Screen Share" (the monitors, a check box
 * "Remember this selection", Share) and answers once the user chose; with a valid token it answers at once, with no
 * dialog. Each answer carries the streams (PipeWire node, logical position and size) and a `restore_token` for next
 * time. Every step answers through a `Request` object's `Response` signal (0 = done, 1 = the user cancelled, 2 =
 * failed); a request nobody answers is closed (`Request.Close`, which also takes the dialog away), so a capture
 * with nobody at the desktop refuses within `consentWaitMs` instead of hanging.
 *
 * Frames: mutter serves the stream's node on the session's PipeWire daemon, where any client outside a sandbox may
 * read it (`OpenPipeWireRemote`, which hands a sandboxed app a restricted connection, passes a file descriptor that
 * the caller's D-Bus connection cannot receive; it is not needed outside a sandbox).
 *
 * The session lives until `close()` or until this D-Bus connection goes (xdg-desktop-portal closes a client's
 * sessions when it leaves the bus), so a warm host keeps one and a one-shot call's ends with its process.
 */
import type { DbusCall, DbusSignalMessage } from "./DbusCall.js"
import { PORTAL } from "./PortalScreenshot.js"

const PORTAL_PATH = "/org/freedesktop/portal/desktop"
export const SCREENCAST = "org.freedesktop.portal.ScreenCast"
const REQUEST = "org.freedesktop.portal.Request"

/** How long a step may take when no dialog is expected (CreateSession, SelectSources, Start with a token: 19 ms measured). */
export const STEP_WAIT_MS = 5_000

/** The portal refused or did not answer, with the refusal's kind. */
export class PortalScreenCastFailed extends Error {
  constructor(message: string, readonly kind: "portal_consent_timeout" | "portal_cancelled" | "portal_failed" | "portal_unavailable") {
    super(message)
  }
}

export interface PortalStream {
  readonly node: number
  /** The monitor's logical rectangle, as the portal gives it (position may be absent: then the origin). */
  readonly bounds: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
}

/** A variant's value as the wire codec decodes it (`[signature, [value]]`). */
const unwrap = (value: unknown): unknown => (Array.isArray(value) && typeof value[0] === "string" && Array.isArray(value[1]) ? value[1][0] : value)
const entry = (dict: unknown, key: string): unknown =>
  Array.isArray(dict) ? unwrap((dict as ReadonlyArray<readonly [string, unknown]>).find(([k]) => k === key)?.[1]) : undefined

/** The `streams` of Start's answer (`a(ua{sv})`) as nodes and rectangles. */
export const streamsOf = (results: unknown): ReadonlyArray<PortalStream> => {
  const streams = entry(results, "streams")
  if (!Array.isArray(streams)) return []
  return streams.flatMap((stream) => {
    const [node, properties] = stream as [unknown, unknown]
    const size = entry(properties, "size") as [number, number] | undefined
    const position = (entry(properties, "position") as [number, number] | undefined) ?? [0, 0]
    if (typeof node !== "number" || !Array.isArray(size)) return []
    return [{ node, bounds: { x: Number(position[0]), y: Number(position[1]), width: Number(size[0]), height: Number(size[1]) } }]
  })
}

let tokens = 0
const handleToken = () => `agent_desktop_${process.pid}_${Date.now().toString(36)}_${tokens++}`

/** Whether the portal offers ScreenCast here, and at which version (persist_mode and restore tokens need 4). */
export const screenCastPortalVersion = async (call: DbusCall): Promise<number | undefined> => {
  try {
    const [version] = await call({
      destination: PORTAL, path: PORTAL_PATH, interface: "org.freedesktop.DBus.Properties", member: "Get",
      signature: "ss", body: [SCREENCAST, "version"]
    })
    const value = unwrap(version)
    return typeof value === "number" ? value : undefined
  } catch {
    return undefined
  }
}

export class PortalScreenCast {
  private constructor(private readonly call: DbusCall, readonly sessionHandle: string, readonly streams: ReadonlyArray<PortalStream>, readonly restoreToken: string | undefined) {}

  /**
   * A started session of one monitor: restored from `restoreToken` without a dialog, or asking the user (the
   * dialog) and waiting at most `consentWaitMs` for the answer. A token the portal no longer knows makes it ask
   * again, so with a token the wait is `STEP_WAIT_MS` unless the caller says otherwise.
   */
  static async start(call: DbusCall, options: { readonly restoreToken?: string; readonly consentWaitMs: number }): Promise<PortalScreenCast> {
    if (call.listen === undefined) throw new PortalScreenCastFailed("this D-Bus connection delivers no signals (the portal answers through them)", "portal_unavailable")
    const responses: Array<DbusSignalMessage> = []
    let wake: (() => void) | undefined
    const stop = await call.listen(`type='signal',interface='${REQUEST}',member='Response'`, (signal) => {
      responses.push(signal)
      wake?.()
    })
    let sessionHandle: string | undefined
    try {
      const request = async (what: string, member: string, signature: string, body: ReadonlyArray<unknown>, waitMs: number, consent: boolean) => {
        const [handle] = await call({ destination: PORTAL, path: PORTAL_PATH, interface: SCREENCAST, member, signature, body })
        const until = Date.now() + waitMs
        let response: DbusSignalMessage | undefined
        while ((response = responses.find((signal) => signal.path === handle)) === undefined) {
          const left = until - Date.now()
          if (left <= 0) {
            // Takes the dialog away (and ends the request), so nothing is left waiting for a user.
            await call({ destination: PORTAL, path: String(handle), interface: REQUEST, member: "Close" }).catch(() => undefined)
            throw consent
              ? new PortalScreenCastFailed(`nobody answered the ScreenCast portal's consent dialog ("Screen Share") within ${waitMs} ms; it was closed`, "portal_consent_timeout")
              : new PortalScreenCastFailed(`the ScreenCast portal did not answer ${what} within ${waitMs} ms`, "portal_failed")
          }
          await new Promise<void>((resolve) => {
            wake = resolve
            setTimeout(resolve, left)
          })
        }
        const [code, results] = response.body as [number, unknown]
        if (code === 1) throw new PortalScreenCastFailed(`the user cancelled the ScreenCast portal's ${what}`, "portal_cancelled")
        if (code !== 0) throw new PortalScreenCastFailed(`the ScreenCast portal ended ${what} (response ${code})`, "portal_failed")
        return results
      }
      const created = await request("CreateSession", "CreateSession", "a{sv}", [[["handle_token", ["s", handleToken()]], ["session_handle_token", ["s", handleToken()]]]], STEP_WAIT_MS, false)
      const handle = entry(created, "session_handle")
      if (typeof handle !== "string") throw new PortalScreenCastFailed("the ScreenCast portal's CreateSession answered no session", "portal_failed")
      sessionHandle = handle
      const sources: Array<[string, [string, unknown]]> = [
        ["handle_token", ["s", handleToken()]],
        ["types", ["u", 1]],
        ["multiple", ["b", false]],
        ["cursor_mode", ["u", 1]],
        ["persist_mode", ["u", 2]]
      ]
      if (options.restoreToken !== undefined) sources.push(["restore_token", ["s", options.restoreToken]])
      await request("SelectSources", "SelectSources", "oa{sv}", [handle, sources], STEP_WAIT_MS, false)
      const started = await request("Start", "Start", "osa{sv}", [handle, "", [["handle_token", ["s", handleToken()]]]], options.consentWaitMs, true)
      const streams = streamsOf(started)
      if (streams.length === 0) throw new PortalScreenCastFailed("the ScreenCast portal started a session without a stream", "portal_failed")
      const token = entry(started, "restore_token")
      return new PortalScreenCast(call, handle, streams, typeof token === "string" && token !== "" ? token : undefined)
    } catch (error) {
      if (sessionHandle !== undefined) await call({ destination: PORTAL, path: sessionHandle, interface: "org.freedesktop.portal.Session", member: "Close" }).catch(() => undefined)
      throw error
    } finally {
      stop()
    }
  }

  /** Ends the session (the stream stops, the Shell's screen-sharing indicator goes). */
  close(): Promise<void> {
    return this.call({ destination: PORTAL, path: this.sessionHandle, interface: "org.freedesktop.portal.Session", member: "Close" }).then(() => undefined)
  }
}
