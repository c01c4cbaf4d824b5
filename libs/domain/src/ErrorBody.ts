/**
 * The contract's `error` object (seed 000): `code`, `message` and `disposition` always; `suggestion`, `recovery`,
 * `details` and `platform_detail` only when they carry something.
 */
import type { Delivery, Disposition } from "./Disposition.js"
import type { ErrorCode } from "./ErrorCode.js"
import type { Recovery } from "./Recovery.js"

/** A type, not an interface, so it is assignable where plain JSON records are expected. */
export type ErrorBody = {
  readonly code: ErrorCode
  readonly message: string
  readonly suggestion?: string
  readonly recovery?: Recovery
  readonly disposition: Disposition
  readonly details?: Readonly<Record<string, unknown>>
  readonly platform_detail?: string
}

export interface ErrorBodyInput {
  readonly code: ErrorCode
  readonly message: string
  /** What this call knows it delivered (from `foldDisposition`); otherwise the catalogue's default is assumed. */
  readonly delivery?: Delivery
  readonly details?: Readonly<Record<string, unknown>>
  readonly suggestion?: string
  readonly platformDetail?: string
}
