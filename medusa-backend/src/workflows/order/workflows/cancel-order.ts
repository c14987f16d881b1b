/**
 * Cancels an order through Medusa's cancelOrderWorkflow (its stock reservations
 * are released, a captured payment is refunded: recorded, the money goes back
 * outside the store) under the order's payment lock, the one mark-paid and the
 * unpaid-order job take: a cancel and a payment never interleave. Used by the
 * staff cancel (POST /api/orders/{number}/cancel/) and by a pharmacist's
 * rejection (./../../prescription/workflows/review-order-prescription.ts).
 * Medusa refuses an order that has shipped.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderWorkflow, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"

import { assertOrderCancelableStep, type CancelableOrderRow } from "../steps"
import { orderPaymentLockKey } from "../utils/payment-lock"

export type CancelOrderInput = { order_id: string; canceled_by: string }

export const cancelOrderUnderPaymentLockWorkflow = createWorkflow("cancel-order-under-payment-lock", (input: CancelOrderInput) => {
  const lockKey = transform({ input }, ({ input }) => orderPaymentLockKey(input.order_id))
  // Also when a parent workflow runs this one (a rejection).
  acquireLockStep({ key: lockKey, timeout: 10, ttl: 60, executeOnSubWorkflow: true })
  const { data: orders } = useQueryGraphStep({ entity: "order", fields: ["id", "status"], filters: { id: input.order_id } })
  assertOrderCancelableStep({
    order: transform({ orders }, ({ orders }) => {
      const order: CancelableOrderRow | undefined = orders[0]
      return order
    }),
  })
  cancelOrderWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({ order_id: input.order_id, canceled_by: input.canceled_by })),
  })
  releaseLockStep({ key: lockKey, executeOnSubWorkflow: true })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
})
