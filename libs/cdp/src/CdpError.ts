import * as Data from "effect/Data"
import type { CdpStep } from "./Delivery.js"

/**
 * Every failure of this package. `sent` says whether the request that failed had been written to the socket: a
 * `closed` or `timeout` after sending may have reached the page (an action's delivery is then uncertain), before
 * sending it cannot have.
 */
export class CdpError extends Data.TaggedError("CdpError")<{
  readonly kind:
    /** The endpoint is not on this machine's loopback interface: refused before any connection. */
    | "not_loopback"
    /** Nothing answers at the endpoint (no browser, or not a DevTools endpoint). */
    | "unreachable"
    /** The connection closed (the browser or its page went away) before the answer came. */
    | "closed"
    /** No answer within the deadline. */
    | "timeout"
    /** The browser answered with a protocol error (`code`, `message`). */
    | "protocol"
    /** No page target matches the window. */
    | "no_page"
    /** The DOM node behind a ref is gone (removed, or its document replaced by a navigation). */
    | "node_gone"
    /** The node is there but its role or name is not the ref's any more. */
    | "identity_changed"
    /** The element cannot take this action (disabled, not editable, no such option, covered, outside the page). */
    | "not_actionable"
  readonly message: string
  readonly sent?: boolean
  readonly method?: string
  readonly code?: number
  readonly details?: Readonly<Record<string, unknown>>
  /** An action's steps up to the failure (the last one `attempted` when its message was sent unanswered). */
  readonly steps?: ReadonlyArray<CdpStep>
}> {}
