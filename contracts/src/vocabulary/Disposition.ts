/** Delivery values; each one fixes the retry value (see DELIVERY_RETRY). */
export const DELIVERIES = [
  "unknown",
  "not_delivered",
  "delivery_uncertain",
  "delivered_unverified",
  "delivered_verified"
] as const

export const RETRIES = ["unknown", "safe", "unsafe"] as const

/** The pairing rule: retry is derived from delivery, never chosen independently. */
export const DELIVERY_RETRY = {
  unknown: "unknown",
  not_delivered: "safe",
  delivery_uncertain: "unsafe",
  delivered_unverified: "unsafe",
  delivered_verified: "unsafe"
} as const

/** Deliveries a successful action may report (`not_delivered` = already in the requested state). */
export const SUCCESS_DELIVERIES = ["delivered_verified", "delivered_unverified", "not_delivered"] as const
