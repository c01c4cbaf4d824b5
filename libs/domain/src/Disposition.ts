/**
 * What a call delivered and whether retrying it is safe (seed 000/002, reference §3.2). `retry` is never chosen:
 * it is a function of `delivery`, so no code path can produce an inconsistent pair.
 */

import { DELIVERIES, DELIVERY_RETRY, type RETRIES } from "@agent-desktop/contracts/vocabulary"

export { DELIVERIES }

export type Delivery = (typeof DELIVERIES)[number]

export type Retry = (typeof RETRIES)[number]

export interface Disposition {
  readonly delivery: Delivery
  readonly retry: Retry
}

/** The one pairing table's answer (contracts vocabulary DELIVERY_RETRY). */
export const retryFor = (delivery: Delivery): Retry => DELIVERY_RETRY[delivery]

export const dispositionOf = (delivery: Delivery): Disposition => ({ delivery, retry: retryFor(delivery) })

export const isLegalDisposition = (disposition: { readonly delivery: string; readonly retry: string }): boolean =>
  (DELIVERIES as ReadonlyArray<string>).includes(disposition.delivery) &&
  retryFor(disposition.delivery as Delivery) === disposition.retry

/** A successful result may only say delivered (verified or not) or already in state (not_delivered). */
export const isSuccessDelivery = (delivery: Delivery): boolean =>
  delivery === "delivered_verified" || delivery === "delivered_unverified" || delivery === "not_delivered"
