import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { orderPrescriptionState } from "../lib/orders/order-prescription"
import { CHECKOUT_MODULE } from "../modules/checkout"
import type CheckoutModuleService from "../modules/checkout/service"
import {
  ABANDONED_AFTER_MS,
  finishCheckoutOrder,
  orderOfReservation,
  releaseReservation,
} from "../workflows/order/utils/checkout-reservation"
import { sendOrderEmailWorkflow } from "../workflows/order-email/workflows/send-order-email"
import { holdOrderForPrescriptionWorkflow } from "../workflows/prescription/workflows/hold-order-for-prescription"

/** Younger than this, a placement may still be running: left alone. */
export const SETTLE_MS = 2 * 60 * 1000
/** How far back orders are checked for a missing prescription hold. */
export const HOLD_LOOKBACK_MS = 2 * 24 * 3600 * 1000
const BATCH = 100

export type RecoveryReport = { linked: string[]; released: string[]; held: string[]; failed: string[] }

/**
 * Every 10 minutes, in the worker: what a crash in the middle of placing an
 * order left behind (decision 0047).
 *
 * - A legacy /api reservation still pending after SETTLE_MS whose cart became an
 *   order: linked to it and marked placed, then held for prescription review and
 *   confirmed by email if that had not happened (both idempotent: the order.placed
 *   event may have been lost with the process). Without an order after
 *   ABANDONED_AFTER_MS: released, so its key may be used again.
 * - An order of the last HOLD_LOOKBACK_MS (any path: Store API, /api, draft
 *   orders) with a prescription-only line and no prescription review: held now
 *   with `holdOrderForPrescriptionWorkflow`.
 *
 * Each repair is logged as a warning with the order's number (ops see which
 * orders were interrupted); a failure is logged and retried by the next run.
 */
export default async function recoverInterruptedOrdersJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const report = await recoverInterruptedOrders(container)
  if (report.linked.length || report.released.length || report.held.length || report.failed.length) {
    logger.info(
      `Interrupted orders: ${report.linked.length} linked, ${report.held.length} held for review, ` +
        `${report.released.length} reservations released, ${report.failed.length} failed (retried next run).`
    )
  }
}

export async function recoverInterruptedOrders(container: MedusaContainer, now = new Date()): Promise<RecoveryReport> {
  const report: RecoveryReport = { linked: [], released: [], held: [], failed: [] }
  await recoverReservations(container, now, report)
  await holdUnheldOrders(container, now, report)
  return report
}

async function orderNumber(container: MedusaContainer, orderId: string): Promise<string> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "custom_display_id"], filters: { id: orderId } })
  return (data[0] as { custom_display_id?: string } | undefined)?.custom_display_id ?? orderId
}

async function recoverReservations(container: MedusaContainer, now: Date, report: RecoveryReport) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
  const settled = new Date(now.getTime() - SETTLE_MS)
  // Repaired reservations leave the pending set: only the ones left move the window.
  for (let skip = 0; ;) {
    const pending = await checkout.listPendingBefore(settled, { skip, take: BATCH })
    for (const reservation of pending) {
      try {
        const orderId = await orderOfReservation(container, reservation)
        if (orderId) {
          await finishCheckoutOrder(container, reservation.id, orderId)
          await holdOrderForPrescriptionWorkflow(container).run({ input: { order_id: orderId } })
          await sendOrderEmailWorkflow(container).run({ input: { kind: "order-confirmation", order_id: orderId } })
          const number = await orderNumber(container, orderId)
          report.linked.push(number)
          logger.warn(`Order ${number} was placed through /api but its placement was interrupted: linked to its record now.`)
        } else {
          const abandoned = new Date(reservation.created_at).getTime() < now.getTime() - ABANDONED_AFTER_MS
          if (abandoned && (await releaseReservation(container, reservation.id))) report.released.push(reservation.id)
          else skip += 1
        }
      } catch (error) {
        skip += 1
        report.failed.push(reservation.id)
        logger.warn(`Could not recover the /api order record ${reservation.id}: ${(error as Error).message}`)
      }
    }
    if (pending.length < BATCH) break
  }
}

async function holdUnheldOrders(container: MedusaContainer, now: Date, report: RecoveryReport) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const window = { $gte: new Date(now.getTime() - HOLD_LOOKBACK_MS), $lt: new Date(now.getTime() - SETTLE_MS) }
  for (let skip = 0; ; skip += BATCH) {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "custom_display_id", "status", "order_prescription_review.id"],
      filters: { is_draft_order: false, created_at: window },
      pagination: { skip, take: BATCH, order: { created_at: "ASC" } },
    })
    type Row = { id: string; custom_display_id?: string; status?: string; order_prescription_review?: { id: string } | null }
    const candidates = (data as Row[]).filter((order) => order.status !== "canceled" && !order.order_prescription_review)
    for (const order of candidates) {
      try {
        const state = await orderPrescriptionState(container, order.id)
        if (!state.requires_prescription || state.review) continue
        await holdOrderForPrescriptionWorkflow(container).run({ input: { order_id: order.id } })
        const number = order.custom_display_id ?? order.id
        report.held.push(number)
        logger.warn(
          `Order ${number} contains a prescription-only product but had no prescription hold (an interrupted placement): held now.`
        )
      } catch (error) {
        report.failed.push(order.id)
        logger.warn(`Could not check order ${order.id} for a missing prescription hold: ${(error as Error).message}`)
      }
    }
    if (data.length < BATCH) break
  }
}

export const config = { name: "recover-interrupted-orders", schedule: "*/10 * * * *" }
