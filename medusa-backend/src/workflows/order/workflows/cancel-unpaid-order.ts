/**
 * Cancels an order that was never paid, through Medusa's cancelOrderWorkflow:
 * its stock reservations are released and its authorized payment canceled.
 * Run by the scheduled job src/jobs/cancel-unpaid-orders.ts for orders older
 * than UNPAID_ORDER_TTL_DAYS. The order is read again under its payment lock,
 * so one that staff marked paid in the meantime is left alone.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderWorkflow, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"

import { isPaid, ORDER_STATUS_FIELDS, type OrderForStatus, paymentAndFulfillment } from "../../../lib/order-status"
import { orderPaymentLockKey } from "../utils/payment-lock"

/** Unpaid orders hold stock this long (decision 0045: 3 days, was 7). */
export const DEFAULT_UNPAID_ORDER_TTL_DAYS = 3

/**
 * UNPAID_ORDER_TTL_DAYS, strictly: a positive number of days (decimals allowed) up to 365, or unset for the
 * default. Anything else throws with the variable's name (the job checks it when the backend loads it).
 */
export const unpaidOrderTtlDays = (env: NodeJS.ProcessEnv = process.env) => {
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

const assertStillUnpaidStep = createStep("assert-order-still-unpaid", async ({ order }: { order: UnpaidOrderRow | undefined }) => {
  if (!isExpiredUnpaid(order)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order is paid, shipped or canceled already.")
  return new StepResponse(undefined)
})

export const cancelUnpaidOrderWorkflow = createWorkflow("cancel-unpaid-order", (input: { order_id: string }) => {
  const lockKey = transform({ input }, ({ input }) => orderPaymentLockKey(input.order_id))
  acquireLockStep({ key: lockKey, timeout: 10, ttl: 60 })
  const { data: orders } = useQueryGraphStep({ entity: "order", fields: UNPAID_ORDER_FIELDS, filters: { id: input.order_id } })
  assertStillUnpaidStep({ order: transform({ orders }, ({ orders }) => orders[0]) })
  cancelOrderWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ order_id: input.order_id })) })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
})
