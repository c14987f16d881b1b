/**
 * Staff record that a manual payment (Zelle, Cash App, Apple Pay, Chime)
 * arrived: the order's authorized payment is captured through Medusa, as
 * Medusa Admin's "Capture" does. An order placed without a payment (a draft
 * order converted in Medusa Admin) gets one recorded with Medusa's system
 * provider, as Medusa Admin's "Mark as paid" does.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  capturePaymentWorkflow,
  createOrderPaymentCollectionWorkflow,
  markPaymentCollectionAsPaid,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

import { type OrderPaymentRow, planOrderPaymentStep } from "../steps"
import { orderPaymentLockKey } from "../utils/payment-lock"

export type MarkOrderPaidInput = { order_id: string; actor_id: string }

export const markOrderPaidWorkflow = createWorkflow("mark-order-paid", (input: MarkOrderPaidInput) => {
  const lockKey = transform({ input }, ({ input }) => orderPaymentLockKey(input.order_id))
  acquireLockStep({ key: lockKey, timeout: 10, ttl: 60 })
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: [
      "id",
      "status",
      "total",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.payments.id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
    ],
    filters: { id: input.order_id },
  })
  const plan = planOrderPaymentStep({
    order: transform({ orders }, ({ orders }) => {
      const order: OrderPaymentRow | undefined = orders[0]
      return order
    }),
  })

  when("capture-authorized-payment", { plan }, ({ plan }) => !!plan.capture_payment_id).then(() => {
    capturePaymentWorkflow.runAsStep({
      input: transform({ plan, input }, ({ plan, input }) => ({ payment_id: plan.capture_payment_id!, captured_by: input.actor_id })),
    })
  })
  when("mark-existing-collection-paid", { plan }, ({ plan }) => !!plan.mark_collection_id).then(() => {
    markPaymentCollectionAsPaid.runAsStep({
      input: transform({ plan, input }, ({ plan, input }) => ({
        payment_collection_id: plan.mark_collection_id!,
        order_id: input.order_id,
        captured_by: input.actor_id,
      })),
    })
  })
  when("record-payment-without-collection", { plan }, ({ plan }) => plan.create_collection).then(() => {
    const created = createOrderPaymentCollectionWorkflow.runAsStep({
      input: transform({ plan, input }, ({ plan, input }) => ({ order_id: input.order_id, amount: plan.total })),
    })
    markPaymentCollectionAsPaid
      .runAsStep({
        input: transform({ created, input }, ({ created, input }) => ({
          payment_collection_id: created[0].id,
          order_id: input.order_id,
          captured_by: input.actor_id,
        })),
      })
      .config({ name: "mark-created-collection-paid" })
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(plan)
})
