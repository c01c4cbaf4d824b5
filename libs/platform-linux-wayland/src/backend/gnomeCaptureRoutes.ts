/**
 * The order in which the GNOME backend tries its screenshot routes (pure: the facts are gathered by the caller).
 *
 * - `screencast_portal_restore`: the ScreenCast portal restored from the user's stored consent (its restore token).
 *   First when a token exists: the user chose to be asked, and a restored session starts without a dialog (19 ms
 *   measured) and then reads frames exactly as mutter's route does.
 * - `mutter_screencast`: mutter's own ScreenCast, no dialog and no grant (any client of the session bus).
 * - `screenshot_portal`: the Screenshot portal once the permission store allows silent screenshots.
 * - `screencast_portal_consent`: the ScreenCast portal asking the user (its "Screen Share" dialog), waiting a bounded
 *   time. Automatically only when nothing above can serve (a desktop where mutter's API is closed to ordinary
 *   clients); always when the user asked for the portal (`AGENT_DESKTOP_GNOME_CAPTURE=portal`), which is how the
 *   one-time consent is given.
 */
export type CaptureRoute = "screencast_portal_restore" | "mutter_screencast" | "screenshot_portal" | "screencast_portal_consent"

/** `portal`: the ScreenCast portal only (consent once, then its token); `auto`: the order above. */
export type CapturePreference = "auto" | "portal"

export const CAPTURE_PREFERENCE_VARIABLE = "AGENT_DESKTOP_GNOME_CAPTURE"

export const capturePreferenceOf = (env: Readonly<Record<string, string | undefined>> = process.env): CapturePreference =>
  env[CAPTURE_PREFERENCE_VARIABLE]?.trim().toLowerCase() === "portal" ? "portal" : "auto"

export interface CaptureFacts {
  readonly preference: CapturePreference
  /** A restore token is stored under the state root. */
  readonly tokenStored: boolean
  /** The ScreenCast portal can work: xdg-desktop-portal offers it with restore tokens (version 4+) and PipeWire runs. */
  readonly screenCastPortal: boolean
  /** mutter's ScreenCast can work (PipeWire runs, the PipeWire addon loads). */
  readonly mutterScreenCast: boolean
  /** The permission store allows silent Screenshot-portal requests. */
  readonly screenshotGranted: boolean
}

export const captureRoutes = (facts: CaptureFacts): ReadonlyArray<CaptureRoute> => {
  if (facts.preference === "portal") return facts.screenCastPortal ? [facts.tokenStored ? "screencast_portal_restore" : "screencast_portal_consent"] : []
  const routes: Array<CaptureRoute> = []
  if (facts.tokenStored && facts.screenCastPortal) routes.push("screencast_portal_restore")
  if (facts.mutterScreenCast) routes.push("mutter_screencast")
  if (facts.screenshotGranted) routes.push("screenshot_portal")
  if (routes.length === 0 && facts.screenCastPortal) routes.push("screencast_portal_consent")
  return routes
}
