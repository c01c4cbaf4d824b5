import { buildErrorBody, type ErrorBody } from "@agent-desktop/domain"
import type { DesktopError } from "./DesktopError.js"

/**
 * The contract's `error` object for a typed error: domain's catalogue derives the disposition from the delivery,
 * adds recovery only when a retry is safe, and supplies the default suggestion.
 */
export const toErrorBody = (error: DesktopError): ErrorBody =>
  buildErrorBody({
    code: error.code,
    message: error.message,
    ...(error.delivery === undefined ? {} : { delivery: error.delivery }),
    ...(error.details === undefined ? {} : { details: error.details }),
    ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    ...(error.platformDetail === undefined ? {} : { platformDetail: error.platformDetail })
  })
