import { foldDisposition } from "@agent-desktop/domain"
import type { PlatformError } from "@agent-desktop/platform"
import { desktopError, type DeliveryValue, type DesktopError } from "./DesktopError.js"

/**
 * An adapter failure as the engine's typed error. The delivery comes from the steps the adapter reports it took
 * before failing (folded, never guessed); without steps nothing was sent.
 */
export const fromPlatformError = (error: PlatformError): DesktopError => {
  const steps = error.steps ?? []
  const delivery: DeliveryValue = steps.length === 0 ? "not_delivered" : foldDisposition(steps).delivery
  return desktopError(error.code, {
    message: error.message,
    delivery,
    ...(error.details === undefined ? {} : { details: error.details }),
    ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    ...(error.platformDetail === undefined ? {} : { platformDetail: error.platformDetail })
  })
}
