import Type from "typebox"
import { DELIVERIES, RETRIES } from "../vocabulary/Disposition.js"
import { def } from "./def.js"

export const Delivery = Type.Enum(DELIVERIES)
export type Delivery = Type.Static<typeof Delivery>

export const Retry = Type.Enum(RETRIES)
export type Retry = Type.Static<typeof Retry>

const NotDeliveredSafe = Type.Object({ delivery: Type.Literal("not_delivered"), retry: Type.Literal("safe") })
const DeliveredUnsafe = Type.Object({
  delivery: Type.Enum(["delivery_uncertain", "delivered_unverified", "delivered_verified"]),
  retry: Type.Literal("unsafe")
})
const UnknownUnknown = Type.Object({ delivery: Type.Literal("unknown"), retry: Type.Literal("unknown") })

/**
 * What was delivered and whether a retry is safe. The schema admits only the derived pairs:
 * not_delivered<->safe, delivery_uncertain|delivered_unverified|delivered_verified<->unsafe, unknown<->unknown.
 */
export const Disposition = Type.Union([NotDeliveredSafe, DeliveredUnsafe, UnknownUnknown], def("Disposition"))
export type Disposition = Type.Static<typeof Disposition>

/** An error disposition for which a retry is safe: the only case that may carry a `recovery`. */
export const SafeDisposition = NotDeliveredSafe
/** Error dispositions that forbid `recovery`. */
export const UnsafeOrUnknownDisposition = Type.Union([DeliveredUnsafe, UnknownUnknown])

/**
 * Disposition of a successful action: delivered (verified or not), or `not_delivered` when the target was already
 * in the requested state. `delivery_uncertain` and `unknown` only ever appear on errors.
 */
export const SuccessDisposition = Type.Union(
  [
    Type.Object({
      delivery: Type.Enum(["delivered_verified", "delivered_unverified"]),
      retry: Type.Literal("unsafe")
    }),
    NotDeliveredSafe
  ],
  def("SuccessDisposition")
)
export type SuccessDisposition = Type.Static<typeof SuccessDisposition>
