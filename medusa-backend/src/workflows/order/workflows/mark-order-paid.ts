/**
 * Staff record that a manual payment (Zelle, Cash App, Apple Pay, Chime)
 * arrived: the order's authorized payment is captured through Medusa, as
 * Medusa Admin's "Capture" does. An order placed without a payment (a draft
 * order converted in Medusa Admin) gets one recorded with Medusa's system
 * provider, as Medusa Admin's "Mark as paid" does.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  capturePaymentWorkflow,
  createOrderPaymentCollectionWorkflow,
  markPaymentCollectionAsPaid,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

import { orderPaymentLockKey } from "../utils/payment-lock"

export type MarkOrderPaidInput = { order_id: string; actor_id: string }

type PaymentRow = { id: string; captured_at?: unknown; canceled_at?: unknown } | null
type CollectionRow = { id: string; status: string; payments?: PaymentRow[] | null } | null
type OrderRow = { id: string; status: string; total: unknown; payment_collections?: CollectionRow[] | null }

/** What to do: capture this payment, mark this collection as paid, or create a collection and mark it. */
type PaymentPlan = { capture_payment_id: string | null; mark_collection_id: string | null; create_collection: boolean; total: number }

const planOrderPaymentStep = createStep("plan-order-payment", async ({ order }: { order: OrderRow | undefined }) => {
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  if (order.status === "canceled")
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was canceled; it cannot be marked as paid.")
  const collections = (order.payment_collections ?? []).filter((c): c is NonNullable<CollectionRow> => !!c && c.status !== "canceled")
  const payments = collections.flatMap((c) => c.payments ?? []).filter((p): p is NonNullable<PaymentRow> => !!p && !p.canceled_at)
  if (payments.some((p) => p.captured_at) || collections.some((c) => c.status === "completed")) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order is already paid.")
  }
  const plan: PaymentPlan = { capture_payment_id: null, mark_collection_id: null, create_collection: false, total: Number(order.total) }
  const payment = payments.find((p) => !p.captured_at)
  if (payment) plan.capture_payment_id = payment.id
  else {
    const unpaid = collections.find((c) => c.status === "not_paid")
    if (unpaid) plan.mark_collection_id = unpaid.id
    else plan.create_collection = true
  }
  return new StepResponse(plan)
})

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
      const order: OrderRow | undefined = orders[0]
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
