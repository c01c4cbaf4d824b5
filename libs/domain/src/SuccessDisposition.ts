import type { Disposition } from "./Disposition.js"

/**
 * The disposition a successful result may carry: delivered (verified or not), or `not_delivered` when the target
 * was already in the requested state. `delivery_uncertain` and `unknown` only ever appear on errors.
 */
export type SuccessDisposition =
  | { readonly delivery: "delivered_verified" | "delivered_unverified"; readonly retry: "unsafe" }
  | { readonly delivery: "not_delivered"; readonly retry: "safe" }

/** `disposition` as a success disposition, or undefined when it can only be reported as an error. */
export const asSuccessDisposition = (disposition: Disposition): SuccessDisposition | undefined => {
  switch (disposition.delivery) {
    case "delivered_verified":
    case "delivered_unverified":
      return { delivery: disposition.delivery, retry: "unsafe" }
    case "not_delivered":
      return { delivery: "not_delivered", retry: "safe" }
    default:
      return undefined
  }
}
