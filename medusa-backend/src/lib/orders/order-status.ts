/**
 * The real status of an order, as staff and legacy clients see it, from
 * Medusa's order, its payments and fulfilments, and its prescription review.
 * Precedence: a rejected prescription, then canceled, then fulfilled, then
 * awaiting prescription review (a prescription-only order waits for a
 * pharmacist whether or not it is paid), then paid, then awaiting payment.
 */
import { getLastFulfillmentStatus, getLastPaymentStatus } from "@medusajs/medusa/core-flows"

import type { OrderStatus } from "../../shared/dto/orders"

/** The Medusa fields (relative to an order) Medusa's aggregate payment status is computed from. */
export const ORDER_PAYMENT_STATUS_FIELDS = [
  "currency_code",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.captured_amount",
  "payment_collections.refunded_amount",
]

/** The Medusa fields (relative to an order) that `paymentAndFulfillment` reads. */
export const ORDER_STATUS_FIELDS = [
  "status",
  ...ORDER_PAYMENT_STATUS_FIELDS,
  "fulfillments.packed_at",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "items.quantity",
  "items.raw_quantity",
  "items.detail.raw_fulfilled_quantity",
]

/** The part of an order `paymentAndFulfillment` reads (ORDER_STATUS_FIELDS). */
export type OrderForStatus = {
  status?: string | null
  currency_code?: string | null
  payment_collections?: unknown[] | null
  fulfillments?: unknown[] | null
  items?: unknown[] | null
}

/** Medusa's own aggregate payment and fulfilment statuses (as its admin order list computes them). */
export function paymentAndFulfillment(order: OrderForStatus) {
  const o = {
    ...order,
    payment_collections: (order.payment_collections ?? []).filter(Boolean),
    fulfillments: (order.fulfillments ?? []).filter(Boolean),
    items: (order.items ?? []).filter(Boolean),
  }
  return { payment_status: getLastPaymentStatus(o as never) as string, fulfillment_status: getLastFulfillmentStatus(o as never) as string }
}

const PAID = new Set(["captured", "partially_captured", "partially_refunded", "refunded"])
const NOT_FULFILLED = new Set(["not_fulfilled", "canceled"])

export const isPaid = (paymentStatus: string) => PAID.has(paymentStatus)

export function orderStatus(input: {
  status?: string | null
  payment_status: string
  fulfillment_status: string
  requires_prescription: boolean
  review_status?: string | null
}): OrderStatus {
  if (input.review_status === "rejected") return "prescription_rejected"
  if (input.status === "canceled") return "canceled"
  if (!NOT_FULFILLED.has(input.fulfillment_status)) return "fulfilled"
  if (input.requires_prescription && input.review_status !== "approved") return "awaiting_prescription_review"
  return isPaid(input.payment_status) ? "paid" : "awaiting_payment"
}
