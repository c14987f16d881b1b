/** What the work queues page needs of the backend's answer, in words and formatted on the server. */
import type { StaffQueueOrder } from "@shared/dto/order-queues"
import { ORDER_QUEUE_SEARCH_MAX, type OrderQueue } from "@shared/schemas/order-queues"

import { formatStaffDateTime } from "~/modules/staff/dates.server"

import { isQueue } from "./queues"

/** The queue, search and page the address asks for; what does not read falls back (first queue, no search, page 1). */
export function queueRequestOf(url: URL, fallback: OrderQueue): { queue: OrderQueue; q: string; page: number } {
  const queue = url.searchParams.get("queue")
  const page = Number(url.searchParams.get("page") ?? 1)
  return {
    queue: isQueue(queue) ? queue : fallback,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, ORDER_QUEUE_SEARCH_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`

/** How long ago, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function ageText(since: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime())
  if (ms >= DAY) return plural(Math.floor(ms / DAY), "day")
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), "hour")
  return plural(Math.floor(ms / MINUTE), "minute")
}

export type QueueRow = {
  id: string
  placed: string
  age: string
  status: string
  total: number
  email: string
  /** When the unpaid-order job cancels it; null outside "awaiting payment". */
  cancelsAt: string | null
}

export const queueRows = (orders: StaffQueueOrder[], now = new Date()): QueueRow[] =>
  orders.map((order) => ({
    id: order.unique_order_id,
    placed: formatStaffDateTime(order.created_at) ?? "",
    age: ageText(order.created_at, now),
    status: order.status,
    total: order.total_price,
    email: order.email,
    cancelsAt: formatStaffDateTime(order.cancels_at),
  }))
