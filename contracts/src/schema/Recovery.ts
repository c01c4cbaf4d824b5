import Type from "typebox"
import { def } from "./def.js"

export const RecoveryStrategy = Type.Enum([
  "refresh_snapshot_then_retry_original",
  "request_explicit_policy_then_retry_original",
  "inspect_state_then_retry_original"
])
export type RecoveryStrategy = Type.Static<typeof RecoveryStrategy>

const recoveryFields = {
  strategy: RecoveryStrategy,
  retryable: Type.Boolean(),
  requires_fresh_snapshot: Type.Boolean()
}

/** Structured recovery; only present when `disposition.retry` is `safe` (enforced by ErrorBody). */
export const Recovery = Type.Object(
  { ...recoveryFields, retry_after_ms: Type.Optional(Type.Integer({ minimum: 0 })) },
  def("Recovery")
)
export type Recovery = Type.Static<typeof Recovery>

/** Recovery for codes other than TIMEOUT and APP_UNRESPONSIVE: `retry_after_ms` is forbidden. */
export const RecoveryWithoutDelay = Type.Object(
  { ...recoveryFields, retry_after_ms: Type.Optional(Type.Never()) },
  def("RecoveryWithoutDelay")
)
