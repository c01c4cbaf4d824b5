/**
 * A screenshot through the desktop's Screenshot portal (`org.freedesktop.portal.Screenshot` of xdg-desktop-portal,
 * which GNOME's backend xdg-desktop-portal-gnome answers by asking GNOME Shell): the way a GNOME session lets an
 * ordinary program take one, since the Shell's own `org.gnome.Shell.Screenshot` admits only allowed bus names.
 *
 * Consent: a non-interactive request is silent only once the user allowed it; xdg-desktop-portal keeps that in its
 * permission store (`org.freedesktop.impl.portal.PermissionStore`, table `screenshot`, id `screenshot`, the app id
 * `""` for a program outside a sandbox, permission `yes`; on disk `$XDG_DATA_HOME/flatpak/db/screenshot`). Without
 * it the portal shows a dialog for the user to answer, which an agent cannot wait for: the permission is read first
 * (`screenshotPermission`) and the portal used only when it says yes. `GRANT_SCREENSHOT_COMMAND` is the one command
 * that grants it.
 *
 * The portal answers through a `Request` object's `Response` signal with a `file://` URI of a PNG it saved in the
 * user's pictures directory; the file is ours (made for this call), so it is read and removed.
 */
import { readFileSync, rmSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { encodePng } from "@agent-desktop/pipewire"
import { decodePng, type Bounds, type CapturedImage } from "@agent-desktop/platform"
import type { DbusCall, DbusSignalMessage } from "./DbusCall.js"

export const PORTAL = "org.freedesktop.portal.Desktop"
const PORTAL_PATH = "/org/freedesktop/portal/desktop"
export const PERMISSION_STORE = "org.freedesktop.impl.portal.PermissionStore"
const PERMISSION_STORE_PATH = "/org/freedesktop/impl/portal/PermissionStore"
/** The permission store's table and id of the Screenshot portal's silent-capture permission (app id "" = outside a sandbox). */
const PERMISSION_TABLE = "screenshot"
const PERMISSION_ID = "screenshot"

/** The one command that allows silent screenshots for programs outside a sandbox (gdbus: package libglib2.0-bin). */
export const GRANT_SCREENSHOT_COMMAND =
  `gdbus call --session --dest ${PERMISSION_STORE} --object-path ${PERMISSION_STORE_PATH} ` +
  `--method ${PERMISSION_STORE}.SetPermission screenshot true screenshot '' "['yes']"`

/** How long the portal may take to answer (the Shell's capture took 0.3-0.5 s under load). */
const RESPONSE_TIMEOUT_MS = 10_000

export type ScreenshotPermission =
  | { readonly state: "granted" }
  | { readonly state: "not_granted"; readonly reason: string }
  | { readonly state: "no_portal"; readonly reason: string }

/** A portal call refused or failed, with the refusal's kind. */
export class PortalScreenshotFailed extends Error {
  constructor(message: string, readonly kind: string) {
    super(message)
  }
}

/** A variant's value as the wire codec decodes it (`[signature, [value]]`). */
const unwrap = (value: unknown): unknown => (Array.isArray(value) && typeof value[0] === "string" && Array.isArray(value[1]) ? value[1][0] : value)

/**
 * Whether the permission store allows silent screenshots for a program outside a sandbox. Activating the store
 * is what D-Bus does for any client on a desktop that ships it; where the portal is not installed, this says so.
 */
export const screenshotPermission = async (call: DbusCall): Promise<ScreenshotPermission> => {
  const [activatable] = await call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListActivatableNames" })
  const [owned] = await call({ destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListNames" })
  const names = new Set([...(activatable as Array<string>), ...(owned as Array<string>)])
  if (!names.has(PORTAL)) return { state: "no_portal", reason: `no ${PORTAL} on the session bus (install xdg-desktop-portal and xdg-desktop-portal-gnome)` }
  if (!names.has(PERMISSION_STORE)) return { state: "no_portal", reason: `no ${PERMISSION_STORE} on the session bus (it comes with xdg-desktop-portal)` }
  try {
    const [permissions] = await call({
      destination: PERMISSION_STORE,
      path: PERMISSION_STORE_PATH,
      interface: PERMISSION_STORE,
      member: "Lookup",
      signature: "ss",
      body: [PERMISSION_TABLE, PERMISSION_ID]
    })
    const entries = new Map((permissions as Array<[string, Array<string>]>).map(([app, values]) => [app, values]))
    const own = entries.get("")
    return own?.includes("yes")
      ? { state: "granted" }
      : { state: "not_granted", reason: `the permission store's screenshot entry ${own === undefined ? "has no grant" : `says ${JSON.stringify(own)}`} for programs outside a sandbox` }
  } catch (error) {
    // The store answers NotFound until some program was granted or refused anything in the table.
    return { state: "not_granted", reason: `the permission store has no screenshot entry (${(error as Error).message})` }
  }
}

/**
 * The part of a whole-screen PNG (physical pixels covering `layout`, the monitors' logical bounding box) that a
 * global logical `region` covers; the PNG itself when no region is given.
 */
export const cropToRegion = (png: Buffer, layout: Bounds, region?: Bounds): CapturedImage => {
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  const scale = width / layout.width
  if (region === undefined) return { png, width, height, scaleFactor: scale }
  const x = Math.round((region.x - layout.x) * scale)
  const y = Math.round((region.y - layout.y) * scale)
  if (x < 0 || y < 0 || x >= width || y >= height) throw new RangeError(`the region ${region.width}x${region.height}+${region.x}+${region.y} is off the screen`)
  const w = Math.min(width - x, Math.round(region.width * scale))
  const h = Math.min(height - y, Math.round(region.height * scale))
  const image = decodePng(png)
  const rows = Buffer.alloc(h * (1 + w * 3))
  for (let row = 0; row < h; row++) {
    const out = row * (1 + w * 3) + 1
    for (let col = 0; col < w; col++) {
      const from = ((y + row) * image.width + x + col) * image.channels
      image.pixels.copy(rows, out + col * 3, from, from + 3)
    }
  }
  return { png: encodePng(w, h, rows), width: w, height: h, scaleFactor: scale }
}

/**
 * One non-interactive screenshot of the whole screen (every monitor, as the Shell's stage holds them), cropped to
 * `region` (global logical coordinates) when given. `layout` is the monitors' bounding box in logical coordinates:
 * the PNG is in physical pixels, so their ratio is the scale.
 */
export const portalScreenshot = async (call: DbusCall, layout: Bounds, region?: Bounds): Promise<CapturedImage> => {
  if (call.listen === undefined) throw new PortalScreenshotFailed("this D-Bus connection delivers no signals (the portal answers through one)", "capture_needs_signals")
  const token = `agent_desktop_${process.pid}_${Date.now().toString(36)}`
  const responses: Array<DbusSignalMessage> = []
  let wake: (() => void) | undefined
  const stop = await call.listen("type='signal',interface='org.freedesktop.portal.Request',member='Response'", (signal) => {
    responses.push(signal)
    wake?.()
  })
  try {
    const [handle] = await call({
      destination: PORTAL,
      path: PORTAL_PATH,
      interface: "org.freedesktop.portal.Screenshot",
      member: "Screenshot",
      signature: "sa{sv}",
      body: ["", [["handle_token", ["s", token]], ["interactive", ["b", false]]]]
    })
    const until = Date.now() + RESPONSE_TIMEOUT_MS
    let response: DbusSignalMessage | undefined
    while ((response = responses.find((signal) => signal.path === handle)) === undefined) {
      const left = until - Date.now()
      if (left <= 0) throw new PortalScreenshotFailed(`the Screenshot portal did not answer within ${RESPONSE_TIMEOUT_MS} ms`, "portal_timeout")
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, left)
      })
    }
    const [code, results] = response.body as [number, Array<[string, unknown]>]
    if (code !== 0) {
      throw new PortalScreenshotFailed(
        code === 1
          ? "the Screenshot portal refused: the user (or the permission store) did not allow it"
          : `the Screenshot portal ended the request (response ${code})`,
        code === 1 ? "portal_denied" : "portal_failed"
      )
    }
    const uri = unwrap(results.find(([key]) => key === "uri")?.[1])
    if (typeof uri !== "string" || !uri.startsWith("file://")) throw new PortalScreenshotFailed(`the Screenshot portal answered no file (${JSON.stringify(uri)})`, "portal_failed")
    const file = fileURLToPath(uri)
    let png: Buffer
    try {
      png = readFileSync(file)
    } finally {
      rmSync(file, { force: true })
    }
    return cropToRegion(png, layout, region)
  } finally {
    await stop()
  }
}
