/** Screenshots: a PNG of a region clipped to the screen, encoded in the addon (native/capture.inc.c). */
import type { X11Connection, Rect } from "../X11Connection.js"

/**
 * Screenshot PNGs: zlib level 1 with the "up" filter on every row, encoded in the addon. Measured on a 1280x1024
 * screen (see the README): on UI content it is as small as no filter (122 vs 120 KB; scrot 113 KB) at the same
 * cost, on photo-like content 22% smaller (514 vs 659 KB; scrot 537 KB) and no slower; Paeth or higher levels cost
 * 1.5-3x the CPU for a few percent.
 */
const PNG_LEVEL = 1
const PNG_FILTER = 2
const KEEP_SEGMENT_MS = 30_000

export class X11Capture {
  private releaseTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly connection: X11Connection) {}

  /** PNG of `region` (default: the whole screen), clipped to the screen; fails when nothing of it is on screen. */
  png(region?: Rect): { png: Buffer; width: number; height: number; region: Rect } {
    const screen = this.connection.screen
    const want = region ?? screen
    const x0 = Math.max(screen.x, Math.round(want.x))
    const y0 = Math.max(screen.y, Math.round(want.y))
    const x1 = Math.min(screen.x + screen.width, Math.round(want.x + want.width))
    const y1 = Math.min(screen.y + screen.height, Math.round(want.y + want.height))
    if (x1 <= x0 || y1 <= y0) throw new RangeError("the region is entirely off the screen")
    const shot = this.connection.addon.capturePng(x0, y0, x1 - x0, y1 - y0, PNG_LEVEL, PNG_FILTER)
    this.keepCaptureSegment()
    return {
      png: shot.png,
      width: shot.width,
      height: shot.height,
      region: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
    }
  }

  /**
   * The addon keeps the capture's shared-memory band (~320 KiB) so the next capture skips its set-up and page
   * faults; a process that stops capturing gives it back after a while (the timer never keeps it alive).
   */
  private keepCaptureSegment(): void {
    if (this.releaseTimer !== undefined) clearTimeout(this.releaseTimer)
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = undefined
      try {
        this.connection.addon.captureRelease()
      } catch {
        // the display is gone; nothing is kept then
      }
    }, KEEP_SEGMENT_MS)
    this.releaseTimer.unref()
  }
}
