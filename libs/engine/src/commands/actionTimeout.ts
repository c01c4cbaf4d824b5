/** How long a ref action (and get/is/press) waits for its target to become actionable unless `--timeout-ms` says. */
export const DEFAULT_ACTION_TIMEOUT_MS = 5000
