import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DesktopAdapter } from "./DesktopAdapter.js"
import { PlatformError } from "./PlatformError.js"

const notSupported = (what: string) =>
  Effect.fail(
    new PlatformError({
      code: "PLATFORM_NOT_SUPPORTED",
      message: `${what} is not supported on ${process.platform}`
    })
  )

/** The adapter for a platform we have no implementation for: every method fails honestly. */
export const UnsupportedAdapter = Layer.succeed(DesktopAdapter, DesktopAdapter.of({
  platform: "unsupported",
  status: () => notSupported("status"),
  permissions: () => notSupported("permissions"),
  listApps: () => notSupported("list-apps"),
  listWindows: () => notSupported("list-windows"),
  resolveWindow: () => notSupported("window lookup"),
  readTree: () => notSupported("snapshot"),
  act: () => notSupported("ref actions"),
  readState: () => notSupported("state readback"),
  pressKeys: () => notSupported("press"),
  typeText: () => notSupported("press --text"),
  close: () => Effect.void
}))
