import * as Data from "effect/Data"

/**
 * The one error an adapter raises. `code` is a contract error code; `delivery` says what the adapter knows was
 * sent before it failed (steps already taken), so the engine can fold a truthful disposition.
 */
export class PlatformError extends Data.TaggedError("PlatformError")<{
  readonly code:
    | "INVALID_ARGS"
    | "APP_NOT_FOUND"
    | "WINDOW_NOT_FOUND"
    | "ELEMENT_NOT_FOUND"
    | "AMBIGUOUS_TARGET"
    | "PERM_DENIED"
    | "POLICY_DENIED"
    | "ACTION_FAILED"
    | "ACTION_NOT_SUPPORTED"
    | "APP_UNRESPONSIVE"
    | "PLATFORM_NOT_SUPPORTED"
    | "TIMEOUT"
    | "INTERNAL"
  readonly message: string
  readonly platformDetail?: string
  readonly details?: Readonly<Record<string, unknown>>
  /** What to do instead, where the adapter knows better than the code's generic advice. */
  readonly suggestion?: string
  readonly steps?: ReadonlyArray<import("./Actions.js").DeliveryStep>
}> {}
