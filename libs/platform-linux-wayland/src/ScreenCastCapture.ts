/**
 * A screenshot on GNOME without a portal dialog: one frame of the remote-desktop session's ScreenCast stream of the
 * monitor holding the region, read from its PipeWire node by the `@agent-desktop/pipewire` addon (loaded on first
 * use; its absence is reported with the packages that fix it). Cropped here, after the frame's scale is known (a
 * stream of a scaled monitor carries its physical pixels).
 */
import { encodePng, loadPipewireAddon } from "@agent-desktop/pipewire"
import type { Bounds, CapturedImage } from "@agent-desktop/platform"
import { MutterScreenCast } from "./MutterScreenCast.js"

/** Capture refused before anything was read, with the reason's kind. */
export class CaptureRefused extends Error {
  constructor(message: string, readonly kind: string) {
    super(message)
  }
}

/** How long a frame may take (mutter sends one when the stream starts flowing; 0.2-0.7 s measured headless). */
const FRAME_TIMEOUT_MS = 5000

const cropRows = (rows: Buffer, width: number, x: number, y: number, w: number, h: number): Buffer => {
  const rowLength = 1 + width * 3
  const out = Buffer.alloc(h * (1 + w * 3))
  for (let row = 0; row < h; row++) {
    const from = (y + row) * rowLength + 1 + x * 3
    const to = row * (1 + w * 3)
    out[to] = 0
    rows.copy(out, to + 1, from, from + w * 3)
  }
  return out
}

/** A stream to read a frame from: the monitor's logical rectangle and its PipeWire node (undefined: not announced). */
export interface FrameSource {
  readonly bounds: Bounds
  readonly node?: number | undefined
}

export const captureScreenCast = (screenCast: MutterScreenCast | { readonly unavailable: string }, region?: Bounds): CapturedImage => {
  if (!(screenCast instanceof MutterScreenCast)) throw new CaptureRefused(`screenshots on GNOME read a ScreenCast stream: ${screenCast.unavailable}`, "capture_needs_screencast")
  return captureStreams(screenCast.streams, region, screenCast.nodesUnknown)
}

/**
 * One frame of the stream of the monitor holding `region` (the only stream when no region is given), cropped to it.
 * Shared by mutter's own ScreenCast and the ScreenCast portal: both hand out mutter's streams on PipeWire.
 */
export const captureStreams = (streams: ReadonlyArray<FrameSource>, region?: Bounds, nodesUnknown?: string): CapturedImage => {
  const inside = (b: Bounds, r: Bounds) => r.x >= b.x && r.y >= b.y && r.x + r.width <= b.x + b.width && r.y + r.height <= b.y + b.height
  const stream = region === undefined ? (streams.length === 1 ? streams[0] : undefined) : streams.find((s) => inside(s.bounds, region))
  if (stream === undefined) {
    throw region === undefined
      ? new CaptureRefused("a screenshot of several monitors at once is not implemented on GNOME: capture one screen or a region inside one", "capture_spans_monitors")
      : new RangeError(`the region ${region.width}x${region.height}+${region.x}+${region.y} is not inside ${streams.length === 1 ? "the captured monitor" : "one monitor"}`)
  }
  if (stream.node === undefined) throw new CaptureRefused(`the ScreenCast stream's PipeWire node is unknown: ${nodesUnknown ?? "not announced"}`, "capture_needs_screencast")
  const load = loadPipewireAddon()
  if (load._tag === "Unavailable") throw new CaptureRefused(load.reason, "pipewire_addon_unavailable")
  const frame = load.addon.captureFrame(stream.node, FRAME_TIMEOUT_MS)
  const scale = frame.width / stream.bounds.width
  if (region === undefined) return { png: encodePng(frame.width, frame.height, frame.rows), width: frame.width, height: frame.height, scaleFactor: scale }
  const x = Math.round((region.x - stream.bounds.x) * scale)
  const y = Math.round((region.y - stream.bounds.y) * scale)
  const w = Math.min(frame.width - x, Math.round(region.width * scale))
  const h = Math.min(frame.height - y, Math.round(region.height * scale))
  return { png: encodePng(w, h, cropRows(frame.rows, frame.width, x, y, w, h)), width: w, height: h, scaleFactor: scale }
}
