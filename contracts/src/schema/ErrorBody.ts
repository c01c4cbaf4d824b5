import Type from "typebox"
import { def } from "./def.js"
import { ErrorCode, NoRetryAfterCode, RetryAfterCode } from "./ErrorCode.js"
import { SafeDisposition, UnsafeOrUnknownDisposition } from "./Disposition.js"
import { Recovery, RecoveryWithoutDelay } from "./Recovery.js"

/** Structured error details; `kind` selects their shape, which the contract leaves open. */
export const ErrorDetails = Type.Object(
  { kind: Type.Optional(Type.String()), retryable: Type.Optional(Type.Boolean()) },
  def("ErrorDetails", { additionalProperties: true })
)

const common = {
  message: Type.String(),
  suggestion: Type.Optional(Type.String()),
  platform_detail: Type.Optional(Type.Unknown()),
  details: Type.Optional(ErrorDetails)
}

/**
 * `code`, `message` and `disposition` always; `suggestion`, `recovery`, `platform_detail`, `details` optional.
 * Three variants encode the cross-field rules: `recovery` only when retry is `safe`, and `retry_after_ms` only for
 * TIMEOUT and APP_UNRESPONSIVE.
 */
export const ErrorBody = Type.Union(
  [
    Type.Object({ code: RetryAfterCode, disposition: SafeDisposition, recovery: Type.Optional(Recovery), ...common }),
    Type.Object({
      code: NoRetryAfterCode,
      disposition: SafeDisposition,
      recovery: Type.Optional(RecoveryWithoutDelay),
      ...common
    }),
    Type.Object({
      code: ErrorCode,
      disposition: UnsafeOrUnknownDisposition,
      recovery: Type.Optional(Type.Never()),
      ...common
    })
  ],
  def("ErrorBody")
)
export type ErrorBody = Type.Static<typeof ErrorBody>

export type ErrorDetails = Type.Static<typeof ErrorDetails>
