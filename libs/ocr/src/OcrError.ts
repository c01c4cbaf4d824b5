import * as Data from "effect/Data"

/**
 * Every failure of this package. `kind` says what went wrong; `missing` names the Debian packages that would fix
 * an `unavailable` or `language_unavailable` error, so a caller can report them (phase 2 maps this to the
 * contract's PLATFORM_NOT_SUPPORTED / INVALID_ARGS).
 */
export class OcrError extends Data.TaggedError("OcrError")<{
  readonly kind:
    | "unavailable"
    | "language_unavailable"
    | "invalid_image"
    | "invalid_region"
    | "invalid_options"
    | "engine_closed"
    | "failed"
  readonly message: string
  readonly missing?: ReadonlyArray<string>
}> {}
