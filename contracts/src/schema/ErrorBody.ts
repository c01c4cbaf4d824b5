import Type from "typebox"
import { ERROR_CODES, RETRY_AFTER_CODES } from "../vocabulary/ErrorCodes.js"
import { clientName, def } from "./def.js"
import { ErrorCode, NoRetryAfterCode, RetryAfterCode } from "./ErrorCode.js"
import { Disposition, SafeDisposition, UnsafeOrUnknownDisposition } from "./Disposition.js"
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

/** `STALE_REF` -> `StaleRefErrorBody`: the client flavour's name of one code's error body. */
export const errorBodyName = (code: ErrorCode) =>
  `${code.toLowerCase().split("_").map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")}ErrorBody`

/**
 * One code's error body, for generated clients (the client flavour's `ErrorBody` is the union of all codes' bodies):
 * `code` fixed, `recovery` with `retry_after_ms` only for TIMEOUT and APP_UNRESPONSIVE. It does not repeat the
 * pairing rule (`recovery` only when `disposition.retry` is `safe`): a type that did could only be read after
 * narrowing on a nested field, which TypeScript does not do. Validation keeps the rule (consumer and strict schemas).
 */
export const errorBodyOfCode = (code: ErrorCode) =>
  Type.Object(
    {
      code: Type.Literal(code),
      disposition: Disposition,
      recovery: Type.Optional((RETRY_AFTER_CODES as ReadonlyArray<string>).includes(code) ? Recovery : RecoveryWithoutDelay),
      ...common
    },
    clientName(errorBodyName(code))
  )

export const ERROR_BODIES_BY_CODE = Object.fromEntries(ERROR_CODES.map((code) => [code, errorBodyOfCode(code)])) as {
  readonly [C in ErrorCode]: ReturnType<typeof errorBodyOfCode>
}

export type ErrorDetails = Type.Static<typeof ErrorDetails>
