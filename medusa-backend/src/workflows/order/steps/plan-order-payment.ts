import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

type PaymentRow = { id: string; captured_at?: unknown; canceled_at?: unknown } | null
type CollectionRow = { id: string; status: string; payments?: PaymentRow[] | null } | null
/** The order as the workflow reads it (its payment collections and payments). */
export type OrderPaymentRow = { id: string; status: string; total: unknown; payment_collections?: CollectionRow[] | null }

/** What to do: capture this payment, mark this collection as paid, or create a collection and mark it. */
type PaymentPlan = { capture_payment_id: string | null; mark_collection_id: string | null; create_collection: boolean; total: number }

export const planOrderPaymentStep = createStep("plan-order-payment", async ({ order }: { order: OrderPaymentRow | undefined }) => {
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
