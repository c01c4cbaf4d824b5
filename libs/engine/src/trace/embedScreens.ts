/**
 * The PNGs a trace's `screenshot.captured` events name, read back for `trace export` (base64, keyed by the event's
 * seq). Only files inside the session's `trace/screens/` are read, never through a symlink, and only while the
 * export stays under SCREEN_LIMITS.bytes of images; everything else counts as skipped, as does every
 * `screenshot.skipped` event.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { pngSize } from "../commands/native/pngSize.js"
import { SCREEN_LIMITS, SCREENSHOT_CAPTURED, SCREENSHOT_SKIPPED, SCREENS_FOLDER } from "./Screens.js"

export interface EmbeddedScreens {
  /** seq of the event -> base64 PNG. */
  readonly images: Readonly<Record<string, string>>
  readonly embedded: number
  readonly skipped: number
}

interface TraceEventLike {
  readonly event: string
  readonly seq: number
  readonly file?: unknown
}

/** The PNG at `file` (relative to the session folder), or undefined when it is not one we wrote. */
export const readScreen = (session: string, file: unknown): Buffer | undefined => {
  if (typeof file !== "string") return undefined
  const folder = path.join(session, SCREENS_FOLDER)
  const target = path.resolve(session, file)
  if (path.dirname(target) !== folder) return undefined
  let fd: number
  try {
    // O_NONBLOCK: a FIFO in its place is opened without waiting for a writer, then refused as not a file.
    fd = fs.openSync(target, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
  } catch {
    return undefined
  }
  try {
    if (!fs.fstatSync(fd).isFile()) return undefined
    const bytes = fs.readFileSync(fd)
    return pngSize(bytes) === undefined ? undefined : bytes
  } finally {
    fs.closeSync(fd)
  }
}

export const embeddableScreens = (session: string, events: ReadonlyArray<unknown>): EmbeddedScreens => {
  const images: Record<string, string> = {}
  let embedded = 0
  let skipped = 0
  let bytes = 0
  for (const raw of events as ReadonlyArray<TraceEventLike>) {
    if (raw.event === SCREENSHOT_SKIPPED) skipped += 1
    if (raw.event !== SCREENSHOT_CAPTURED) continue
    const png = embedded < SCREEN_LIMITS.count ? readScreen(session, raw.file) : undefined
    if (png === undefined || bytes + png.byteLength > SCREEN_LIMITS.bytes) {
      skipped += 1
      continue
    }
    bytes += png.byteLength
    embedded += 1
    images[String(raw.seq)] = png.toString("base64")
  }
  return { images, embedded, skipped }
}
