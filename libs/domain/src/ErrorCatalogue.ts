/**
 * Every error code's defaults: the delivery to assume when the caller has no evidence of its own, the recovery to
 * offer when a retry is safe, and the next step a reader can follow (seed 003, reference §3).
 */
import type { Delivery } from "./Disposition.js"
import type { ErrorCode } from "./ErrorCode.js"
import type { IdentityFailureKind } from "./IdentityFailureKind.js"
import type { Recovery } from "./Recovery.js"

export interface CatalogueEntry {
  readonly delivery: Delivery
  readonly recovery?: Recovery
  readonly suggestion: string
}

const REFRESH_SNAPSHOT: Recovery = {
  strategy: "refresh_snapshot_then_retry_original",
  retryable: true,
  requires_fresh_snapshot: true
}

export const APP_UNRESPONSIVE_RETRY_AFTER_MS = 250
/** A not-delivered TIMEOUT (a wait, an actionability or identity read that ran out) is worth one later retry. */
export const TIMEOUT_RETRY_AFTER_MS = 1000

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {
  INVALID_ARGS: {
    delivery: "not_delivered",
    suggestion: "Fix the arguments and call again; run the command with --help to see what it accepts."
  },
  ELEMENT_NOT_FOUND: {
    delivery: "not_delivered",
    suggestion: "Take a fresh snapshot or loosen the find filters, then use a ref from the new result."
  },
  APP_NOT_FOUND: {
    delivery: "not_delivered",
    suggestion: "Run list-apps to check the application name, and launch the app first if it is not running."
  },
  STALE_REF: {
    delivery: "not_delivered",
    recovery: REFRESH_SNAPSHOT,
    suggestion: "Re-run a snapshot to obtain fresh refs, then retry with the new ref."
  },
  AMBIGUOUS_TARGET: {
    delivery: "not_delivered",
    suggestion:
      "Read details.kind: for ref twins target a control that is unique in its window or use --headed mouse-click --xy; for several windows pass --window-id."
  },
  SNAPSHOT_NOT_FOUND: {
    delivery: "not_delivered",
    recovery: REFRESH_SNAPSHOT,
    suggestion: "Run snapshot again and use the refs it prints."
  },
  PERM_DENIED: {
    delivery: "not_delivered",
    suggestion: "Run permissions to see which grant is missing, then grant it (permissions --request) and call again."
  },
  POLICY_DENIED: {
    delivery: "not_delivered",
    recovery: {
      strategy: "request_explicit_policy_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: false
    },
    suggestion:
      "Decide whether this action may use physical input (--headed) or a dangerous combo (--force), and retry with that flag only if it is acceptable."
  },
  ACTION_FAILED: {
    // The action may have been sent and then rejected or contradicted; without evidence, never claim it was not.
    delivery: "unknown",
    suggestion: "Read details and post_state, then snapshot again before any new attempt; do not retry blindly."
  },
  ACTION_NOT_SUPPORTED: {
    delivery: "not_delivered",
    suggestion: "Use a different action or another path to the goal; this target does not expose the requested action."
  },
  APP_UNRESPONSIVE: {
    delivery: "not_delivered",
    recovery: {
      strategy: "inspect_state_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: true,
      retry_after_ms: APP_UNRESPONSIVE_RETRY_AFTER_MS
    },
    suggestion: "Wait a moment, check the app with list-windows or snapshot, and restart it if it stays unresponsive."
  },
  PLATFORM_NOT_SUPPORTED: {
    delivery: "not_delivered",
    suggestion: "Run skills get platform to see what this platform supports, and reach the goal with a supported command."
  },
  TIMEOUT: {
    // A deadline that expired mid-delivery leaves nothing known; callers with proof of non-delivery say so.
    delivery: "unknown",
    recovery: {
      strategy: "inspect_state_then_retry_original",
      retryable: true,
      requires_fresh_snapshot: false,
      retry_after_ms: TIMEOUT_RETRY_AFTER_MS
    },
    suggestion: "Check the app with snapshot, then retry with a larger --timeout-ms (or --timeout for wait)."
  },
  WINDOW_NOT_FOUND: {
    delivery: "not_delivered",
    suggestion: "Run list-windows to get a valid window id, then call again with it."
  },
  NOTIFICATION_NOT_FOUND: {
    delivery: "not_delivered",
    suggestion: "Run list-notifications again and pass the new index with its --expected-app and --expected-title."
  },
  INTERNAL: {
    delivery: "unknown",
    suggestion: "Snapshot the app to see its current state before acting again, and report the command and this envelope as a bug."
  }
}

/** `details.kind` values that settle the delivery on their own: each fails before anything is sent. */
export const KIND_DELIVERY: Readonly<Record<string, Delivery>> = {
  retained_object_stale: "not_delivered",
  saved_ref_absent: "not_delivered",
  saved_ref_ambiguous: "not_delivered",
  identity_not_unique: "not_delivered",
  resolution_identity_unknown: "not_delivered",
  locator_incomplete: "not_delivered",
  actionability_timeout: "not_delivered",
  observation_root_incomplete: "not_delivered",
  lock_timeout: "not_delivered",
  interaction_process_lock_timeout: "not_delivered"
}

export const KIND_SUGGESTION: Readonly<Record<IdentityFailureKind, string>> = {
  retained_object_stale: "Run snapshot again and use the new ref; a look-alike element is never substituted.",
  saved_ref_absent: "Run snapshot again; the element this ref named is no longer in the window.",
  saved_ref_ambiguous:
    "Target a control that is unique in its window; a new snapshot would refuse both twins as well.",
  identity_not_unique:
    "Target a control that is unique in its window or use --headed mouse-click --xy; if the snapshot reported identity_unproven, snapshot again with a larger --timeout-ms.",
  resolution_identity_unknown: "Retry the action, or snapshot again; the live window could not be read in time."
}
