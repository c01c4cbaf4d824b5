/** Delivery values; each one fixes the retry value (see DELIVERY_RETRY). */
export const DELIVERIES = [
  "unknown",
  "not_delivered",
  "delivery_uncertain",
  "delivered_unverified",
  "delivered_verified"
] as const

export const RETRIES = ["unknown", "safe", "unsafe"] as const

type Delivery = (typeof DELIVERIES)[number]
type Retry = (typeof RETRIES)[number]

/**
 * The pairing rule: retry is derived from delivery, never chosen independently. The only statement of it: the
 * domain's `retryFor` reads it and the envelope schema's Disposition union is built from it.
 */
export const DELIVERY_RETRY = {
  unknown: "unknown",
  not_delivered: "safe",
  delivery_uncertain: "unsafe",
  delivered_unverified: "unsafe",
  delivered_verified: "unsafe"
} as const satisfies Readonly<Record<Delivery, Retry>>

/** The deliveries whose retry is R. */
export type DeliveryWith<R extends (typeof RETRIES)[number]> = { [D in Delivery]: (typeof DELIVERY_RETRY)[D] extends R ? D : never }[Delivery]

/** The deliveries whose retry is `retry`, in DELIVERIES order. */
export const deliveriesWith = <R extends (typeof RETRIES)[number]>(retry: R): ReadonlyArray<DeliveryWith<R>> =>
  DELIVERIES.filter((delivery): delivery is DeliveryWith<R> => DELIVERY_RETRY[delivery] === retry)

/** Deliveries a successful action may report (`not_delivered` = already in the requested state). */
export const SUCCESS_DELIVERIES = ["delivered_verified", "delivered_unverified", "not_delivered"] as const
