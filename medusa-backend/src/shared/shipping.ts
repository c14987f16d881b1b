import { STORE } from "./store-constants"

const FREE_OVER_CENTS = Math.round(STORE.shipping.freeOver * 100)
const FLAT_RATE_CENTS = Math.round(STORE.shipping.flatRate * 100)

/** Shipping for an items subtotal (before discounts and tax), in cents: free strictly over $75. */
export function shippingCostCents(subtotalCents: number): number {
  return subtotalCents > FREE_OVER_CENTS ? 0 : FLAT_RATE_CENTS
}

/**
 * What the "Add $X more for FREE shipping" hint shows, in cents: the remaining
 * amount to $75, 0 once shipping is free. At exactly $75 shipping is not free
 * yet ("over $75"), so one more cent is what it takes.
 */
export function centsToFreeShipping(subtotalCents: number): number {
  if (subtotalCents > FREE_OVER_CENTS) return 0
  return Math.max(1, FREE_OVER_CENTS - subtotalCents)
}
