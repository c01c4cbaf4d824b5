/**
 * The GNOME backend's fallback screenshot route, as `status` reports it: a frame of mutter's ScreenCast stream (no
 * grant; the Shell shows its screen-sharing indicator while the session lives), else the Screenshot portal once the
 * user allowed it (`../PortalScreenshot.ts`). The ScreenCast portal's route, ahead of both once the user consented,
 * is `gnomePortalScreenCast.ts`.
 */
import { type Bounds, type ChannelCapability, PlatformError } from "@agent-desktop/platform"
import type { DbusCall } from "../DbusCall.js"
import { GRANT_SCREENSHOT_COMMAND, PortalScreenshotFailed, screenshotPermission, type ScreenshotPermission } from "../PortalScreenshot.js"
import type { WaylandSession } from "../WaylandSession.js"

const PORTAL_VIA =
  "org.freedesktop.portal.Screenshot (xdg-desktop-portal; GNOME Shell takes the picture), non-interactive: allowed once by the user in the portal's permission store " +
  "(org.freedesktop.impl.portal.PermissionStore, table 'screenshot', id 'screenshot', app id '' = programs outside a sandbox; kept in $XDG_DATA_HOME/flatpak/db/screenshot)"

/** The monitors' bounding box in global logical coordinates (what the Shell's whole-screen picture covers). */
export const layoutOf = (session: WaylandSession): Bounds => {
  const bounds = session.displays().map((display) => display.bounds)
  if (bounds.length === 0) throw new Error("the compositor announced no output")
  const x = Math.min(...bounds.map((b) => b.x))
  const y = Math.min(...bounds.map((b) => b.y))
  return { x, y, width: Math.max(...bounds.map((b) => b.x + b.width)) - x, height: Math.max(...bounds.map((b) => b.y + b.height)) - y }
}

/** A portal refusal as the error a caller sees (the user's "no" is a denial with the way to allow it). */
export const portalError = (error: unknown): unknown =>
  error instanceof PortalScreenshotFailed
    ? new PlatformError({
        code: error.kind === "portal_denied" ? "PERM_DENIED" : "ACTION_FAILED",
        message: `screenshot: ${error.message}`,
        details: { kind: error.kind },
        ...(error.kind === "portal_denied" ? { suggestion: `Allow silent screenshots once: ${GRANT_SCREENSHOT_COMMAND}` } : {}),
        steps: []
      })
    : error

/**
 * The capture channel: mutter's ScreenCast when it can work (`screenCast`; faster, no grant), else the Screenshot
 * portal when the user allowed it, else unavailable with how to allow the portal.
 */
export const captureCapability = async (call: (() => DbusCall) | undefined, screenCast: ChannelCapability): Promise<ChannelCapability> => {
  if (screenCast.state === "available") return screenCast
  let permission: ScreenshotPermission
  try {
    permission = call === undefined ? { state: "no_portal", reason: "no session bus" } : await screenshotPermission(call())
  } catch (error) {
    permission = { state: "no_portal", reason: `the session bus did not answer: ${(error as Error).message}` }
  }
  if (permission.state === "granted") return { state: "available", via: PORTAL_VIA, grant: "granted" }
  return permission.state === "not_granted"
    ? {
        state: "unavailable",
        reason: `${screenCast.reason}; the Screenshot portal is installed but not allowed for silent use (${permission.reason})`,
        kind: "capture_needs_grant",
        suggestion: `Allow silent screenshots once (kept in the portal's permission store, $XDG_DATA_HOME/flatpak/db/screenshot): ${GRANT_SCREENSHOT_COMMAND}`
      }
    : { ...screenCast, reason: `${screenCast.reason}; the Screenshot portal is not available either (${permission.reason})` }
}
