import { dispositionOf } from "./Disposition.js"
import type { ErrorBody, ErrorBodyInput } from "./ErrorBody.js"
import { ERROR_CATALOGUE, KIND_DELIVERY, KIND_SUGGESTION } from "./ErrorCatalogue.js"
import { isIdentityFailureKind, NON_RETRYABLE_IDENTITY_KINDS } from "./IdentityFailureKind.js"
import type { Recovery } from "./Recovery.js"

const nonEmpty = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === "" ? undefined : text

/**
 * Builds the contract's error object. The disposition is derived (explicit delivery, else the `details.kind`'s,
 * else the code's default); `recovery` appears only when the retry is safe and `details.retryable` is not false.
 */
export const buildErrorBody = (input: ErrorBodyInput): ErrorBody => {
  const entry = ERROR_CATALOGUE[input.code]
  const kind = input.details?.["kind"]
  const kindDelivery = typeof kind === "string" ? KIND_DELIVERY[kind] : undefined
  const disposition = dispositionOf(input.delivery ?? kindDelivery ?? entry.delivery)

  let details = input.details
  if (typeof kind === "string" && NON_RETRYABLE_IDENTITY_KINDS.has(kind) && details?.["retryable"] === undefined) {
    details = { ...details, retryable: false }
  }

  const recovery: Recovery | undefined =
    disposition.retry === "safe" && details?.["retryable"] !== false && entry.recovery !== undefined
      ? entry.recovery
      : undefined

  const suggestion =
    nonEmpty(input.suggestion) ?? (isIdentityFailureKind(kind) ? KIND_SUGGESTION[kind] : undefined) ?? entry.suggestion
  const platformDetail = nonEmpty(input.platformDetail)

  return {
    code: input.code,
    message: input.message,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(recovery === undefined ? {} : { recovery }),
    disposition,
    ...(details === undefined || Object.keys(details).length === 0 ? {} : { details }),
    ...(platformDetail === undefined ? {} : { platform_detail: platformDetail })
  }
}
