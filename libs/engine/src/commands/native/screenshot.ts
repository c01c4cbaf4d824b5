import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter, type Bounds } from "@agent-desktop/platform"
import { Effect } from "effect"
import { ActionFailed, InvalidArgs, PlatformNotSupported } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { checkOutput, writeOutput } from "../../output/writeOutput.js"
import { nativeDesktop } from "./nativeAccess.js"

/**
 * `screenshot [PATH] [--app NAME | --window-id ID | --screen N]`: a PNG of a window (its on-screen rectangle, as
 * the user sees it, so whatever covers it is in the picture), one display (`list-displays` id), or the whole
 * screen. Written to PATH (0600; a new or regular file only, output/OutputFile.ts) or returned inline as base64.
 */
export const screenshot = Effect.fn("screenshot")(function*(args: ArgsOf<"screenshot">) {
  const { path: file, app, window_id: windowId, screen } = args
  if (screen !== undefined && (app !== undefined || windowId !== undefined)) {
    return yield* new InvalidArgs({ message: "--screen cannot be combined with --app or --window-id", suggestion: "Pass one target" })
  }
  // The path is refused before anything is captured; the write checks it again.
  if (file !== undefined) yield* checkOutput("the screenshot", file, "replace")
  const native = yield* nativeDesktop
  let region: Bounds | undefined
  if (screen !== undefined) {
    const displays = yield* native.displays().pipe(Effect.mapError(fromPlatformError))
    const display = displays.find((d) => d.id === String(screen))
    if (!display) {
      return yield* new InvalidArgs({
        message: `no display ${screen}; there ${displays.length === 1 ? "is 1" : `are ${displays.length}`}`,
        suggestion: "Run agent-desktop list-displays for the ids"
      })
    }
    region = display.bounds
  } else if (app !== undefined || windowId !== undefined) {
    const adapter = yield* DesktopAdapter
    const window = yield* adapter.resolveWindow({ ...(app === undefined ? {} : { app }), ...(windowId === undefined ? {} : { windowId }) })
      .pipe(Effect.mapError(fromPlatformError))
    if (window.bounds === undefined && window.minimized !== true) {
      // A Wayland session whose compositor tells no window positions (GNOME Shell): not a window off screen.
      return yield* new PlatformNotSupported({
        message: `where the window '${window.title}' is cannot be known in this session (the display server tells no window positions; \`status\` says why under display_server.channels.windows)`,
        delivery: "not_delivered",
        details: { kind: "no_window_geometry" },
        suggestion: "Take a --screen screenshot"
      })
    }
    if (window.minimized === true || window.bounds === undefined || window.bounds.width <= 0 || window.bounds.height <= 0) {
      return yield* new ActionFailed({
        message: `the window '${window.title}' is not on screen (minimized or without bounds)`,
        delivery: "not_delivered",
        suggestion: "Restore the window first, or take a --screen screenshot"
      })
    }
    region = window.bounds
  }
  const image = yield* native.capture(region).pipe(Effect.mapError(fromPlatformError))
  const meta = { format: "png", width: image.width, height: image.height, scale_factor: image.scaleFactor }
  if (file === undefined) return { data: Buffer.from(image.png).toString("base64"), ...meta }
  const written = yield* writeOutput("the screenshot", file, image.png, "replace")
  return { path: written, ...meta }
})
