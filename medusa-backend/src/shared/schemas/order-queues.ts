/**
 * GET /api/order-queues/ (staff): the staff area's work queues of orders (issue 24). One queue
 * per call, paged and searched by order number or email, with the counts of every queue the
 * caller may see. The storefront's queue page builds its links and its search form from these.
 */
import { z } from "zod"

/**
 * The queues, in the order the staff area shows them. An order can be in two at once: an unpaid
 * order held for a prescription waits for its payment and for a pharmacist.
 */
export const ORDER_QUEUES = ["awaiting_payment", "ready_to_ship", "awaiting_prescription_review", "shipped", "canceled"] as const
export type OrderQueue = (typeof ORDER_QUEUES)[number]

/** The queue only pharmacists see (its orders tell that a prescription is involved; decision 0041). */
export const PHARMACIST_QUEUE: OrderQueue = "awaiting_prescription_review"

/** "Recently canceled": canceled within this many days. */
export const RECENTLY_CANCELED_DAYS = 30

export const ORDER_QUEUE_PAGE_SIZE = 25
export const ORDER_QUEUE_SEARCH_MAX = 100

/** A query value where "" (an empty search box) means "not given". */
const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value)

export const orderQueueQuerySchema = z.object({
  queue: z.preprocess(
    blankAsMissing,
    z.enum(ORDER_QUEUES, { error: `queue must be one of ${ORDER_QUEUES.join(", ")}` }).default("awaiting_payment")
  ),
  /** Part of an order number (HH-7K3M-9Q2X) or of an email address, any case. */
  q: z
    .string({ error: "q must be text" })
    .trim()
    .max(ORDER_QUEUE_SEARCH_MAX, `q must be at most ${ORDER_QUEUE_SEARCH_MAX} characters`)
    .optional()
    .default(""),
  page: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: "page must be a whole number" })
      .int("page must be a whole number")
      .min(1, "page must be at least 1")
      .max(10_000, "page must be at most 10000")
      .default(1)
  ),
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: "limit must be a whole number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(100, "limit must be at most 100")
      .default(ORDER_QUEUE_PAGE_SIZE)
  ),
})

export type OrderQueueQuery = z.output<typeof orderQueueQuerySchema>
