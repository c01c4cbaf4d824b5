/**
 * The GNOME backend's ScreenCast-portal route (`../PortalScreenCast.ts`): one portal session per process, created on
 * the first capture that takes this route and held (a warm host keeps it; a one-shot call's ends with its process,
 * when xdg-desktop-portal sees its connection leave the bus), restored from the token under the state root and the
 * token renewed with each one the portal answers. What `status` says about the consent lives here too.
 */
import type { Bounds, CapturedImage, ChannelConsent } from "@agent-desktop/platform"
import type { DbusCall } from "../DbusCall.js"
import { PortalScreenCast, PortalScreenCastFailed, screenCastPortalVersion, STEP_WAIT_MS } from "../PortalScreenCast.js"
import { PERMISSION_STORE, PORTAL } from "../PortalScreenshot.js"
import { CaptureRefused, captureStreams } from "../ScreenCastCapture.js"
import { readToken, removeToken, tokenFileOf, writeToken } from "../ScreenCastToken.js"
import { CAPTURE_PREFERENCE_VARIABLE } from "./gnomeCaptureRoutes.js"

/** How long a capture waits for the user to answer the consent dialog before closing it and refusing. */
export const CONSENT_WAIT_MS = 25_000

/** persist_mode and restore_token came with the ScreenCast portal's version 4. */
const PERSIST_VERSION = 4

export const giveConsent = (): string =>
  `At the desktop, run once: ${CAPTURE_PREFERENCE_VARIABLE}=portal agent-desktop screenshot /tmp/consent.png; in GNOME's "Screen Share" dialog choose the monitor, ` +
  `keep "Remember this selection" checked and click Share within ${CONSENT_WAIT_MS / 1000} s (the dialog is on the accessibility bus: ` +
  `agent-desktop snapshot --app xdg-desktop-portal-gnome, then click the monitor and Share). The portal's restore token is then kept in ${tokenFileOf()} and later captures use it without a dialog.`

export const revokeConsent = (): string =>
  `rm ${tokenFileOf()} (agent-desktop stops using the consent), and to make the portal forget it: gdbus call --session --dest ${PERMISSION_STORE} ` +
  `--object-path /org/freedesktop/impl/portal/PermissionStore --method ${PERMISSION_STORE}.Delete screencast <the restore_token in that file>`

export const screenCastConsent = (): ChannelConsent => ({
  given: readToken(tokenFileOf()) !== undefined,
  kept_in: tokenFileOf(),
  give: giveConsent(),
  revoke: revokeConsent()
})

/** Whether xdg-desktop-portal is on the session bus or activatable there (asked without activating it). */
export const portalPresent = async (call: DbusCall): Promise<boolean> => {
  try {
    const [activatable] = await call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListActivatableNames" })
    const [owned] = await call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListNames" })
    return [...(activatable as Array<string>), ...(owned as Array<string>)].includes(PORTAL)
  } catch {
    return false
  }
}

let held: Promise<PortalScreenCast> | undefined

const startSession = (call: DbusCall, waitMs: number): Promise<PortalScreenCast> => {
  held ??= (async () => {
    const version = await screenCastPortalVersion(call)
    if (version === undefined) throw new PortalScreenCastFailed(`${PORTAL} offers no org.freedesktop.portal.ScreenCast`, "portal_unavailable")
    if (version < PERSIST_VERSION) throw new PortalScreenCastFailed(`the ScreenCast portal is version ${version}; restore tokens need version ${PERSIST_VERSION}`, "portal_unavailable")
    const file = tokenFileOf()
    const stored = readToken(file)
    const session = await PortalScreenCast.start(call, { ...(stored ? { restoreToken: stored.restoreToken } : {}), consentWaitMs: waitMs })
    // The portal answers the token to use next time (the same one, or a new one that replaces it).
    if (session.restoreToken !== undefined) writeToken(file, session.restoreToken)
    else if (stored !== undefined) removeToken(file)
    return session
  })().catch((error: unknown) => {
    held = undefined
    throw error
  })
  return held
}

const forget = (session: PortalScreenCast): void => {
  held = undefined
  session.close().catch(() => undefined)
}

/**
 * A frame through the portal's session, started on demand (`waitMs`: how long `Start` may wait for the user). A
 * session the user ended (the Shell's indicator) fails its frame; it is then started again once.
 */
export const portalScreenCastCapture = async (call: DbusCall, region: Bounds | undefined, waitMs: number = STEP_WAIT_MS): Promise<CapturedImage> => {
  for (let attempt = 0; ; attempt++) {
    const reused = held !== undefined
    const session = await startSession(call, waitMs)
    try {
      return captureStreams(session.streams, region)
    } catch (error) {
      if (error instanceof RangeError || error instanceof CaptureRefused) throw error
      forget(session)
      if (!reused || attempt > 0) throw error
    }
  }
}

/**
 * A held session restored from (or granted) a token the user has since revoked (the file removed) is closed, so a
 * warm host stops capturing through a consent that was taken back. A session the portal gave no token for (the user
 * unchecked "Remember this selection") is a consent for its own life and is kept.
 */
export const dropRevokedSession = async (): Promise<void> => {
  const session = await held?.catch(() => undefined)
  if (session?.restoreToken !== undefined && readToken(tokenFileOf()) === undefined) {
    held = undefined
    await session.close().catch(() => undefined)
  }
}

/** Closes the held session (tests, and a host that ends). */
export const closePortalScreenCast = async (): Promise<void> => {
  const session = await held?.catch(() => undefined)
  held = undefined
  await session?.close().catch(() => undefined)
}
