/**
 * What `GET /api/order-queues/` answers (issue 24): one page of one work queue and the counts of
 * every queue the caller may see. Types only: the storefront imports them through
 * `@shared/dto/order-queues`.
 */
import type { OrderQueue } from "../schemas/order-queues"
import type { StaffOrderSummary } from "./orders"

/**
 * One order of a queue: the list row every staff list shows (number, date, status, total,
 * email; nothing about what was ordered), and for an unpaid order the moment the unpaid-order
 * job cancels it (placed + UNPAID_ORDER_TTL_DAYS; the job runs hourly).
 */
export type StaffQueueOrder = StaffOrderSummary & {
  /** ISO 8601; null unless the order awaits its payment. */
  cancels_at: string | null
}

export type StaffOrderQueuePage = {
  queue: OrderQueue
  /** The search as applied ("" for none). */
  q: string
  page: number
  limit: number
  /** The orders of the queue that match the search. */
  count: number
  /** Oldest first (the canceled queue: most recently canceled first). */
  orders: StaffQueueOrder[]
  /**
   * How many orders each queue holds, without the search. The prescription review queue is
   * counted for pharmacists only (absent for other staff).
   */
  counts: Partial<Record<OrderQueue, number>>
}
