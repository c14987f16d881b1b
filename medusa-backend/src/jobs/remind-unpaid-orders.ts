import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { backendConfig } from "../lib/config"
import { isExpiredUnpaid, UNPAID_ORDER_FIELDS } from "../workflows/order/utils/unpaid-order"
import { sendOrderEmailWorkflow } from "../workflows/order-email/workflows/send-order-email"

const BATCH = 100
const DAY_MS = 24 * 3600 * 1000

/**
 * Hourly: reminds the customer of each order that will be canceled for non-payment within the
 * next 24 hours (placed more than UNPAID_ORDER_TTL_DAYS − 1 day ago, not yet canceled), with how
 * to pay. Once per order (the email's key is the order); an order paid since composes no email.
 * With a TTL of one day or less the window starts at placement, and the reminder follows the
 * confirmation. Runs in the worker.
 */
export default async function remindUnpaidOrdersJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { reminded } = await remindOrdersDueForCancellation(container)
  if (reminded.length) logger.info(`Unpaid orders: ${reminded.length} payment reminders sent.`)
}

/** The unpaid orders whose cancellation falls within 24 hours of `now`, reminded. */
export async function remindOrdersDueForCancellation(container: MedusaContainer, now: Date = new Date()) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ttlMs = backendConfig().unpaidOrderTtlDays * DAY_MS
  // Cancelled at placed + TTL: due for a reminder from placed + TTL − 24 h, until the job cancels it.
  const placedAfter = new Date(now.getTime() - ttlMs)
  const placedBefore = new Date(now.getTime() - ttlMs + DAY_MS)
  const reminded: string[] = []
  for (let skip = 0; ; skip += BATCH) {
    const { data } = await query.graph({
      entity: "order",
      fields: UNPAID_ORDER_FIELDS,
      filters: { status: "pending", is_draft_order: false, created_at: { $gt: placedAfter, $lte: placedBefore } },
      pagination: { skip, take: BATCH, order: { created_at: "ASC" } },
    })
    for (const order of data.filter(isExpiredUnpaid)) {
      try {
        const { result } = await sendOrderEmailWorkflow(container).run({ input: { kind: "payment-reminder", order_id: order.id } })
        if (result.sent) reminded.push(order.id)
      } catch (error) {
        // Recorded as a failed try: the retry job sends it.
        logger.warn(`Could not email the payment reminder of order ${order.id}: ${(error as Error).message}`)
      }
    }
    if (data.length < BATCH) break
  }
  return { reminded }
}

export const config = { name: "remind-unpaid-orders", schedule: "30 * * * *" }
