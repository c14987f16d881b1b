import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { backendConfig } from "../lib/config"
import { isExpiredUnpaid, UNPAID_ORDER_FIELDS } from "../workflows/order/utils/unpaid-order"
import { cancelUnpaidOrderWorkflow } from "../workflows/order/workflows/cancel-unpaid-order"

const BATCH = 100

/**
 * Hourly: cancels orders still unpaid UNPAID_ORDER_TTL_DAYS (default 3, decision 0045) after
 * they were placed, so abandoned orders do not hold stock for long. Each order
 * is canceled by its own workflow run; one that fails is logged and retried by
 * the next run. Runs in the worker (MEDUSA_WORKER_MODE=worker or shared).
 */
export default async function cancelUnpaidOrdersJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const result = await cancelExpiredUnpaidOrders(container, new Date(Date.now() - backendConfig().unpaidOrderTtlDays * 24 * 3600 * 1000))
  if (result.canceled.length || result.failed.length) {
    logger.info(`Unpaid orders: ${result.canceled.length} canceled, ${result.failed.length} failed (retried next hour).`)
  }
}

export async function cancelExpiredUnpaidOrders(container: MedusaContainer, placedBefore: Date) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const canceled: string[] = []
  const failed: string[] = []
  // Canceled orders leave the "pending" set: only the ones left behind move the window.
  for (let skip = 0; ;) {
    const { data } = await query.graph({
      entity: "order",
      fields: UNPAID_ORDER_FIELDS,
      filters: { status: "pending", is_draft_order: false, created_at: { $lt: placedBefore } },
      pagination: { skip, take: BATCH, order: { created_at: "ASC" } },
    })
    let left = data.length
    for (const order of data.filter(isExpiredUnpaid)) {
      try {
        await cancelUnpaidOrderWorkflow(container).run({ input: { order_id: order.id } })
        canceled.push(order.id)
        left -= 1
      } catch (error) {
        failed.push(order.id)
        logger.warn(`Could not cancel unpaid order ${order.id}: ${(error as Error).message}`)
      }
    }
    if (data.length < BATCH) break
    skip += left
  }
  return { canceled, failed }
}

export const config = { name: "cancel-unpaid-orders", schedule: "0 * * * *" }
