import type { Static } from "typebox"
import type { ContractDefinition } from "./versions/ContractDefinition.js"
import type { V2_1, V2_2, V2_3, V2_4, V2_5, V2_6, V2_7 } from "./versions/index.js"

/** A success envelope of contract C: `command` selects the `data` shape. */
export type SuccessEnvelopeOf<C extends ContractDefinition> = {
  readonly [K in keyof C["commands"] & string]: {
    version: C["version"]
    ok: true
    command: K
    data: Static<C["commands"][K]>
  }
}[keyof C["commands"] & string]

/** An error envelope of contract C: `error` instead of `data`, never both. */
export interface ErrorEnvelopeOf<C extends ContractDefinition> {
  version: C["version"]
  ok: false
  command: string
  error: Static<C["errorBody"]>
}

export type EnvelopeOf<C extends ContractDefinition> = SuccessEnvelopeOf<C> | ErrorEnvelopeOf<C>

export type EnvelopeV2_1 = EnvelopeOf<typeof V2_1>
export type EnvelopeV2_2 = EnvelopeOf<typeof V2_2>
export type EnvelopeV2_3 = EnvelopeOf<typeof V2_3>
export type EnvelopeV2_4 = EnvelopeOf<typeof V2_4>
export type EnvelopeV2_5 = EnvelopeOf<typeof V2_5>
export type EnvelopeV2_6 = EnvelopeOf<typeof V2_6>
export type EnvelopeV2_7 = EnvelopeOf<typeof V2_7>

/** The native (2.7) envelope. */
export type Envelope = EnvelopeV2_7
export type SuccessEnvelope = SuccessEnvelopeOf<typeof V2_7>
export type ErrorEnvelope = ErrorEnvelopeOf<typeof V2_7>

/** Every command name of 2.7 whose data shape the contract defines. */
export type CommandName = keyof (typeof V2_7)["commands"] & string

/** The 2.7 `data` type of one command, e.g. `CommandData<"snapshot">`. */
export type CommandData<K extends CommandName> = Static<(typeof V2_7)["commands"][K]>
