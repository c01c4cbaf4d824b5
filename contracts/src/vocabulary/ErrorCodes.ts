/** The 16 error codes of contract 2.1 and later. */
export const ERROR_CODES = [
  "INVALID_ARGS",
  "ELEMENT_NOT_FOUND",
  "APP_NOT_FOUND",
  "STALE_REF",
  "AMBIGUOUS_TARGET",
  "SNAPSHOT_NOT_FOUND",
  "PERM_DENIED",
  "POLICY_DENIED",
  "ACTION_FAILED",
  "ACTION_NOT_SUPPORTED",
  "APP_UNRESPONSIVE",
  "PLATFORM_NOT_SUPPORTED",
  "TIMEOUT",
  "WINDOW_NOT_FOUND",
  "NOTIFICATION_NOT_FOUND",
  "INTERNAL"
] as const

/**
 * Codes whose recovery may carry `retry_after_ms`. The seed pages name TIMEOUT and APP_UNRESPONSIVE; the 0.8.2
 * recovery table already lists both, so the rule holds for every 2.x version defined here.
 */
export const RETRY_AFTER_CODES = ["TIMEOUT", "APP_UNRESPONSIVE"] as const
