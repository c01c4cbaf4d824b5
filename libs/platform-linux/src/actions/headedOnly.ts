import { PlatformError } from "@agent-desktop/platform"

/**
 * An action that only physical input can perform on this toolkit, asked for without `--headed`: POLICY_DENIED (the
 * caller may allow it), saying what cannot be done over AT-SPI, why, and the flag that permits the input.
 */
export const headedOnly = (what: string, why: string, input: string, toolkit: string): PlatformError =>
  new PlatformError({
    code: "POLICY_DENIED",
    message: `${what} is not possible through AT-SPI here: ${why}; re-run with --headed to ${input}`,
    details: { headed_required: true, toolkit }
  })
