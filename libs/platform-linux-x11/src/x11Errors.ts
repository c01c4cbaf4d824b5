/** X11 failures as the contract's errors: refusals before anything is sent, a lost display, input cut short. */
import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"

/** A failure after something may already have reached the X server. */
export class PartialInput extends Error {
  constructor(message: string, override readonly cause: unknown) {
    super(message)
  }
}

/** Every use is a refusal before anything is sent: `steps: []` says so to the engine's evidence (nothing went out). */
export const unsupported = (message: string, details: Record<string, unknown>) =>
  new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message, details, steps: [] })

/** The X server went away (or the connection was never opened): the next call must reconnect. */
export const connectionLost = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === "X11_CONNECTION_LOST" || code === "X11_NOT_OPEN"
}

export const toPlatformError = (what: string, steps?: ReadonlyArray<DeliveryStep>) => (error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error
  const code = (error as { code?: string })?.code
  if (code === "X11_CONNECTION_LOST") {
    return new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: `${what}: the connection to the X display was lost`, details: { kind: "display_lost" } })
  }
  if (code === "X11_BAD_WINDOW") return new PlatformError({ code: "WINDOW_NOT_FOUND", message: `${what}: the window is gone` })
  if (error instanceof RangeError) return new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${error.message}` })
  if (error instanceof PartialInput) {
    return new PlatformError({
      code: "ACTION_FAILED",
      message: `${what}: ${error.message}`,
      platformDetail: String(error.cause),
      ...(steps ? { steps } : {})
    })
  }
  return new PlatformError({ code: "ACTION_FAILED", message: `${what} failed`, platformDetail: (error as Error)?.message ?? String(error) })
}
