/**
 * Wayland failures as the contract's errors. A refusal before anything is sent (no compositor, no addon, a protocol
 * the compositor does not offer, a key the keyboard cannot type) carries `steps: []`; input cut short after some of
 * it went out carries the caller's attempted step; a lost compositor connection is forgotten so a long-lived host
 * reconnects on its next call.
 */
import { PlatformError, type DeliveryStep } from "@agent-desktop/platform"
import { addonErrorCode } from "../Addon.js"
import { OutsideLayout } from "../OutsideLayout.js"
import { SwayIpcError } from "../SwayIpc.js"
import { UnknownKey } from "../VirtualKeyboard.js"

/** A refusal before anything is sent. */
export const unsupported = (message: string, details: Record<string, unknown>) =>
  new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message, details, steps: [] })

/** A failure after something may already have reached the compositor. */
export class PartialInput extends Error {
  constructor(message: string, override readonly cause: unknown) {
    super(message)
  }
}

/** Addon codes that mean nothing was sent: the connection or a protocol was missing before the first request. */
const REFUSALS: Readonly<Record<string, string>> = {
  WL_NO_DISPLAY: "no_display",
  WL_CONNECT_FAILED: "connect_failed",
  WL_PROTOCOL_UNAVAILABLE: "protocol_unavailable",
  WL_NO_OUTPUT: "no_output",
  WL_NO_KEYMAP: "no_keymap"
}

export const connectionLost = (error: unknown): boolean => {
  const code = addonErrorCode(error) ?? addonErrorCode((error as { cause?: unknown } | null)?.cause)
  return code === "WL_CONNECTION_LOST" || code === "WL_NOT_CONNECTED" || code === "WL_PROTOCOL_ERROR"
}

export const toPlatformError = (what: string, steps?: ReadonlyArray<DeliveryStep>) => (error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error
  const inner = error instanceof PartialInput ? error.cause : error
  const code = addonErrorCode(inner)
  if (code !== undefined && REFUSALS[code] !== undefined) {
    return unsupported(`${what}: ${(inner as Error).message}`, { kind: REFUSALS[code] })
  }
  if (inner instanceof UnknownKey || inner instanceof OutsideLayout) {
    return new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: `${what}: ${inner.message}`, details: { kind: "key_not_typeable" }, steps: [] })
  }
  if (code === "WL_CONNECTION_LOST") {
    return new PlatformError({
      code: "PLATFORM_NOT_SUPPORTED",
      message: `${what}: the connection to the Wayland compositor was lost`,
      details: { kind: "display_lost" },
      ...(error instanceof PartialInput && steps ? { steps } : {})
    })
  }
  if (inner instanceof SwayIpcError) {
    return new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${inner.message}`, ...(steps ? { steps } : {}) })
  }
  if (inner instanceof RangeError && !(error instanceof PartialInput)) {
    return new PlatformError({ code: "ACTION_FAILED", message: `${what}: ${inner.message}`, steps: [] })
  }
  return new PlatformError({
    code: "ACTION_FAILED",
    message: `${what}${error instanceof PartialInput ? `: ${error.message}` : " failed"}`,
    platformDetail: (inner as Error)?.message ?? String(inner),
    ...(error instanceof PartialInput && steps ? { steps } : {})
  })
}
