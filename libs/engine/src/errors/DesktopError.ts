import { Data } from "effect"

/** Delivery evidence values (contract 2.1+). `retry` is never stored: it is derived from this. */
export type DeliveryValue = import("@agent-desktop/domain").Delivery

/**
 * The fields every engine error carries. `delivery` defaults per code (domain's catalogue) when absent;
 * `details.kind` selects the details' schema.
 */
export interface ErrorFields {
  readonly message: string
  readonly delivery?: DeliveryValue
  readonly details?: Readonly<Record<string, unknown>>
  readonly suggestion?: string
  readonly platformDetail?: string
}

export class InvalidArgs extends Data.TaggedError("InvalidArgs")<ErrorFields> {
  readonly code = "INVALID_ARGS" as const
}
export class ElementNotFound extends Data.TaggedError("ElementNotFound")<ErrorFields> {
  readonly code = "ELEMENT_NOT_FOUND" as const
}
export class AppNotFound extends Data.TaggedError("AppNotFound")<ErrorFields> {
  readonly code = "APP_NOT_FOUND" as const
}
export class WindowNotFound extends Data.TaggedError("WindowNotFound")<ErrorFields> {
  readonly code = "WINDOW_NOT_FOUND" as const
}
export class StaleRef extends Data.TaggedError("StaleRef")<ErrorFields> {
  readonly code = "STALE_REF" as const
}
export class AmbiguousTarget extends Data.TaggedError("AmbiguousTarget")<ErrorFields> {
  readonly code = "AMBIGUOUS_TARGET" as const
}
export class SnapshotNotFound extends Data.TaggedError("SnapshotNotFound")<ErrorFields> {
  readonly code = "SNAPSHOT_NOT_FOUND" as const
}
export class PermDenied extends Data.TaggedError("PermDenied")<ErrorFields> {
  readonly code = "PERM_DENIED" as const
}
export class PolicyDenied extends Data.TaggedError("PolicyDenied")<ErrorFields> {
  readonly code = "POLICY_DENIED" as const
}
export class ActionFailed extends Data.TaggedError("ActionFailed")<ErrorFields> {
  readonly code = "ACTION_FAILED" as const
}
export class ActionNotSupported extends Data.TaggedError("ActionNotSupported")<ErrorFields> {
  readonly code = "ACTION_NOT_SUPPORTED" as const
}
export class AppUnresponsive extends Data.TaggedError("AppUnresponsive")<ErrorFields> {
  readonly code = "APP_UNRESPONSIVE" as const
}
export class PlatformNotSupported extends Data.TaggedError("PlatformNotSupported")<ErrorFields> {
  readonly code = "PLATFORM_NOT_SUPPORTED" as const
}
export class Timeout extends Data.TaggedError("Timeout")<ErrorFields> {
  readonly code = "TIMEOUT" as const
}
export class NotificationNotFound extends Data.TaggedError("NotificationNotFound")<ErrorFields> {
  readonly code = "NOTIFICATION_NOT_FOUND" as const
}
export class Internal extends Data.TaggedError("Internal")<ErrorFields> {
  readonly code = "INTERNAL" as const
}

export type DesktopError =
  | InvalidArgs
  | ElementNotFound
  | AppNotFound
  | WindowNotFound
  | StaleRef
  | AmbiguousTarget
  | SnapshotNotFound
  | PermDenied
  | PolicyDenied
  | ActionFailed
  | ActionNotSupported
  | AppUnresponsive
  | PlatformNotSupported
  | Timeout
  | NotificationNotFound
  | Internal

export type ErrorCode = DesktopError["code"]

const BY_CODE: { readonly [C in ErrorCode]: new(fields: ErrorFields) => Extract<DesktopError, { code: C }> } = {
  INVALID_ARGS: InvalidArgs,
  ELEMENT_NOT_FOUND: ElementNotFound,
  APP_NOT_FOUND: AppNotFound,
  WINDOW_NOT_FOUND: WindowNotFound,
  STALE_REF: StaleRef,
  AMBIGUOUS_TARGET: AmbiguousTarget,
  SNAPSHOT_NOT_FOUND: SnapshotNotFound,
  PERM_DENIED: PermDenied,
  POLICY_DENIED: PolicyDenied,
  ACTION_FAILED: ActionFailed,
  ACTION_NOT_SUPPORTED: ActionNotSupported,
  APP_UNRESPONSIVE: AppUnresponsive,
  PLATFORM_NOT_SUPPORTED: PlatformNotSupported,
  TIMEOUT: Timeout,
  NOTIFICATION_NOT_FOUND: NotificationNotFound,
  INTERNAL: Internal
}

/** Build the error class for a code known only at run time (adapter errors, tests). */
export const desktopError = (code: ErrorCode, fields: ErrorFields): DesktopError => new BY_CODE[code](fields)

const TAGS = new Set<string>(Object.values(BY_CODE).map((cls) => new cls({ message: "" })._tag))

export const isDesktopError = (value: unknown): value is DesktopError =>
  typeof value === "object" && value !== null && "_tag" in value && TAGS.has(String((value as { _tag: unknown })._tag))
