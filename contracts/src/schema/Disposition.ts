import Type from "typebox"
import { DELIVERIES, deliveriesWith, RETRIES } from "../vocabulary/Disposition.js"
import { def } from "./def.js"

export const Delivery = Type.Enum(DELIVERIES)
export type Delivery = Type.Static<typeof Delivery>

export const Retry = Type.Enum(RETRIES)
export type Retry = Type.Static<typeof Retry>

/**
 * The pairs with retry R, read from the one pairing table (vocabulary DELIVERY_RETRY): `{delivery: <the deliveries
 * whose retry is R>, retry: R}`, a single delivery as a literal (as the released schemas spell it).
 */
const pairsWith = <R extends (typeof RETRIES)[number]>(retry: R) => {
  const deliveries = deliveriesWith(retry)
  return Type.Object({
    delivery: deliveries.length === 1 ? Type.Literal(deliveries[0]!) : Type.Enum([...deliveries]),
    retry: Type.Literal(retry)
  })
}

const NotDeliveredSafe = pairsWith("safe")
const DeliveredUnsafe = pairsWith("unsafe")
const UnknownUnknown = pairsWith("unknown")

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
