/**
 * Which orders the unpaid-order job cancels (src/jobs/cancel-unpaid-orders.ts); after how long is
 * UNPAID_ORDER_TTL_DAYS (`unpaidOrderTtlDays` of src/lib/config.ts: 3 days, decision 0045).
 */
import { isPaid, ORDER_STATUS_FIELDS, type OrderForStatus, paymentAndFulfillment } from "../../../lib/orders/order-status"

/** An order as UNPAID_ORDER_FIELDS read it. */
export type UnpaidOrderRow = OrderForStatus & { id?: string; is_draft_order?: boolean | null; created_at?: string | Date }

/**
 * An order awaiting its payment: placed, not a draft, not canceled, not paid, nothing shipped.
 * The staff area's "awaiting payment" queue (src/lib/orders/order-queues.ts) lists these.
 */
export function isAwaitingPayment(order: UnpaidOrderRow | null | undefined): boolean {
  if (!order || order.status !== "pending" || order.is_draft_order) return false
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  return !isPaid(payment_status) && (fulfillment_status === "not_fulfilled" || fulfillment_status === "canceled")
}

/** An order the job may cancel (once it is older than the TTL: the job's query decides that): one awaiting its payment. */
export const isExpiredUnpaid = isAwaitingPayment

export const UNPAID_ORDER_FIELDS = ["id", "is_draft_order", "created_at", ...ORDER_STATUS_FIELDS]
