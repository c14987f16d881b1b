/** The work queues' words and links (the queues themselves: `@shared/schemas/order-queues`). */
import { ORDER_QUEUES, type OrderQueue, RECENTLY_CANCELED_DAYS } from "@shared/schemas/order-queues"

export const ORDERS_PATH = "/admin/orders"

export const QUEUE_WORDS: Record<OrderQueue, { label: string; caption: string; empty: string }> = {
  awaiting_payment: {
    label: "Awaiting payment",
    caption: "Orders awaiting payment, oldest first, with the moment each is canceled if still unpaid",
    empty: "No order is waiting for its payment",
  },
  ready_to_ship: {
    label: "Ready to ship",
    caption: "Paid orders ready to ship, oldest first",
    empty: "Nothing to ship: every paid order has shipped or waits for a pharmacist",
  },
  awaiting_prescription_review: {
    label: "Prescription review",
    caption: "Orders waiting for a pharmacist's prescription review, oldest first",
    empty: "No order is waiting for prescription review",
  },
  shipped: {
    label: "Shipped",
    caption: "Shipped orders not yet delivered, oldest first",
    empty: "No shipment is on its way",
  },
  canceled: {
    label: "Recently canceled",
    caption: `Orders canceled in the last ${RECENTLY_CANCELED_DAYS} days, most recent first`,
    empty: `No order was canceled in the last ${RECENTLY_CANCELED_DAYS} days`,
  },
}

export const isQueue = (value: string | null): value is OrderQueue => ORDER_QUEUES.some((queue) => queue === value)

/** The page of a queue, with its search; the first page and an empty search leave no parameter. */
export function queueHref({ queue, q = "", page = 1 }: { queue: OrderQueue; q?: string; page?: number }) {
  const params = new URLSearchParams({ queue })
  if (q) params.set("q", q)
  if (page > 1) params.set("page", String(page))
  return `${ORDERS_PATH}?${params}`
}
