import type { EnvelopeJson } from "./EnvelopeJson.js"

/** Conversion between two adjacent versions: `up` from `from` to `to`, `down` back. Pure functions. */
export interface VersionStep {
  readonly from: string
  readonly to: string
  readonly up: (envelope: EnvelopeJson) => EnvelopeJson
  readonly down: (envelope: EnvelopeJson) => EnvelopeJson
}
