/** Which orders the unpaid-order job cancels, and after how long (src/jobs/cancel-unpaid-orders.ts). */
import { isPaid, ORDER_STATUS_FIELDS, type OrderForStatus, paymentAndFulfillment } from "../../../lib/orders/order-status"
import type { SettingsEnv } from "../../../lib/settings-env"

/** Unpaid orders hold stock this long (decision 0045: 3 days, was 7). */
export const DEFAULT_UNPAID_ORDER_TTL_DAYS = 3

/**
 * UNPAID_ORDER_TTL_DAYS, strictly: a positive number of days (decimals allowed) up to 365, or unset for the
 * default. Anything else throws with the variable's name (the job checks it when the backend loads it).
 */
export const unpaidOrderTtlDays = (env: SettingsEnv = process.env) => {
  const raw = env.UNPAID_ORDER_TTL_DAYS
  if (raw === undefined || raw.trim() === "") return DEFAULT_UNPAID_ORDER_TTL_DAYS
  const days = Number(raw)
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(days > 0) || days > 365) {
    throw new Error(`UNPAID_ORDER_TTL_DAYS must be a number of days above 0 and at most 365 (got "${raw}"); unset it for the default (3).`)
  }
  return days
}

/** An order as UNPAID_ORDER_FIELDS read it. */
export type UnpaidOrderRow = OrderForStatus & { id?: string; is_draft_order?: boolean | null; created_at?: string | Date }

/** An order the job may cancel: placed, not a draft, not paid, nothing shipped. */
export function isExpiredUnpaid(order: UnpaidOrderRow | null | undefined): boolean {
  if (!order || order.status !== "pending" || order.is_draft_order) return false
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  return !isPaid(payment_status) && (fulfillment_status === "not_fulfilled" || fulfillment_status === "canceled")
}

export const UNPAID_ORDER_FIELDS = ["id", "is_draft_order", "created_at", ...ORDER_STATUS_FIELDS]
