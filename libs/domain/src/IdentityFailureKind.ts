/** The 2.6 ref-identity failure kinds (`error.details.kind`, seed 003) and the code each one is reported under. */
import type { ErrorCode } from "./ErrorCode.js"

export type IdentityFailureKind =
  | "retained_object_stale"
  | "saved_ref_absent"
  | "saved_ref_ambiguous"
  | "identity_not_unique"
  | "resolution_identity_unknown"

export const IDENTITY_FAILURE_CODE: Readonly<Record<IdentityFailureKind, ErrorCode>> = {
  retained_object_stale: "STALE_REF",
  saved_ref_absent: "STALE_REF",
  saved_ref_ambiguous: "AMBIGUOUS_TARGET",
  identity_not_unique: "AMBIGUOUS_TARGET",
  resolution_identity_unknown: "TIMEOUT"
}

/** Retrying with the same ref meets the same refusal, so these carry `details.retryable: false` (seed 003). */
export const NON_RETRYABLE_IDENTITY_KINDS: ReadonlySet<string> = new Set<IdentityFailureKind>([
  "saved_ref_absent",
  "saved_ref_ambiguous",
  "identity_not_unique"
])

export const isIdentityFailureKind = (kind: unknown): kind is IdentityFailureKind =>
  typeof kind === "string" && Object.hasOwn(IDENTITY_FAILURE_CODE, kind)
