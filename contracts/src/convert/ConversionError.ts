/**
 * An envelope that cannot be represented in the target version without inventing evidence, e.g. a 2.4
 * `resize-window` flag payload has no window id for 2.5's `target`. Only up-conversions throw it; every
 * down-conversion from 2.6 is total.
 */
export class ConversionError extends Error {
  readonly _tag = "ConversionError"
  constructor(
    readonly command: string,
    readonly from: string,
    readonly to: string,
    readonly reason: string
  ) {
    super(`Cannot convert ${command} from ${from} to ${to}: ${reason}`)
    this.name = "ConversionError"
  }
}
