/** Structured recovery (reference §3.3): present only when `disposition.retry` is `safe`. */

export type RecoveryStrategy =
  | "refresh_snapshot_then_retry_original"
  | "request_explicit_policy_then_retry_original"
  | "inspect_state_then_retry_original"

export interface Recovery {
  readonly strategy: RecoveryStrategy
  readonly retryable: boolean
  readonly requires_fresh_snapshot: boolean
  /** Only for TIMEOUT and APP_UNRESPONSIVE (seed 000). */
  readonly retry_after_ms?: number
}
