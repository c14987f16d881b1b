/**
 * Cancels an order that was never paid, through Medusa's cancelOrderWorkflow:
 * its stock reservations are released and its authorized payment canceled.
 * Run by the scheduled job src/jobs/cancel-unpaid-orders.ts for orders older
 * than UNPAID_ORDER_TTL_DAYS, with the reason kept on the order (`cancel_reason:
 * unpaid`, shown on its status page). The order is read again under its payment lock,
 * so one that staff marked paid in the meantime is left alone.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderWorkflow, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"

import { assertStillUnpaidStep, recordCancelReasonStep } from "../steps"
import { orderPaymentLockKey } from "../utils/payment-lock"
import { UNPAID_ORDER_FIELDS } from "../utils/unpaid-order"

export const cancelUnpaidOrderWorkflow = createWorkflow("cancel-unpaid-order", (input: { order_id: string }) => {
  const lockKey = transform({ input }, ({ input }) => orderPaymentLockKey(input.order_id))
  acquireLockStep({ key: lockKey, timeout: 10, ttl: 60 })
  const { data: orders } = useQueryGraphStep({ entity: "order", fields: UNPAID_ORDER_FIELDS, filters: { id: input.order_id } })
  assertStillUnpaidStep({ order: transform({ orders }, ({ orders }) => orders[0]) })
  // What the customer is told: canceled because the payment did not arrive (issue 23).
  recordCancelReasonStep(transform({ input }, ({ input }) => ({ order_id: input.order_id, reason: "unpaid" as const })))
  cancelOrderWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ order_id: input.order_id })) })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
})
