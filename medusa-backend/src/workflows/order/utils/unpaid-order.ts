/**
 * Which orders the unpaid-order job cancels (src/jobs/cancel-unpaid-orders.ts); after how long is
 * UNPAID_ORDER_TTL_DAYS (`unpaidOrderTtlDays` of src/lib/config.ts: 3 days, decision 0045).
 */
import { isPaid, ORDER_STATUS_FIELDS, type OrderForStatus, paymentAndFulfillment } from "../../../lib/orders/order-status"

/** An order as UNPAID_ORDER_FIELDS read it. */
export type UnpaidOrderRow = OrderForStatus & { id?: string; is_draft_order?: boolean | null; created_at?: string | Date }

/** An order the job may cancel: placed, not a draft, not paid, nothing shipped. */
export function isExpiredUnpaid(order: UnpaidOrderRow | null | undefined): boolean {
  if (!order || order.status !== "pending" || order.is_draft_order) return false
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  return !isPaid(payment_status) && (fulfillment_status === "not_fulfilled" || fulfillment_status === "canceled")
}

export const UNPAID_ORDER_FIELDS = ["id", "is_draft_order", "created_at", ...ORDER_STATUS_FIELDS]
