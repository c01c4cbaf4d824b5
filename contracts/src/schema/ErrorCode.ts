import Type from "typebox"
import { ERROR_CODES, RETRY_AFTER_CODES } from "../vocabulary/ErrorCodes.js"
import { def } from "./def.js"

/** Machine-readable error code; branch on it, never on `message`. */
export const ErrorCode = Type.Enum(ERROR_CODES, def("ErrorCode"))
export type ErrorCode = Type.Static<typeof ErrorCode>

export const RetryAfterCode = Type.Enum(RETRY_AFTER_CODES)

const otherCodes = ERROR_CODES.filter(
  (code): code is Exclude<ErrorCode, (typeof RETRY_AFTER_CODES)[number]> =>
    !(RETRY_AFTER_CODES as ReadonlyArray<string>).includes(code)
)
/** Codes whose recovery never carries `retry_after_ms`. */
export const NoRetryAfterCode = Type.Enum(otherCodes)
