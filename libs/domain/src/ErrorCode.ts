/** The 16 error codes of contract 2.1+ (seed 003, reference §3.1). */
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

export type ErrorCode = (typeof ERROR_CODES)[number]

export const isErrorCode = (input: string): input is ErrorCode => (ERROR_CODES as ReadonlyArray<string>).includes(input)
