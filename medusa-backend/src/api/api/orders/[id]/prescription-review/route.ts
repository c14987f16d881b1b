import type { MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { loadStaffOrderView } from "../../../../../lib/legacy-orders"
import type { PrescriptionReviewInput } from "../../../../../shared/schemas/prescription-review"
import { reviewOrderPrescriptionWorkflow } from "../../../../../workflows/prescription/workflows/review-order-prescription"
import { ApiError, notFound } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"

type HeldOrder = {
  public_id: string
  order?: {
    id: string
    status: string
    order_prescription_review?: { status: string; note: string | null; reviewed_at: Date | null } | null
  } | null
}

/**
 * POST /api/orders/{unique_order_id}/prescription-review/ (staff):
 * {decision, note} on an order held for prescription review. Approving
 * releases the hold (the order may be fulfilled); rejecting cancels the order
 * through Medusa and frees its stock. Audited. Orders without a hold, already
 * decided or canceled answer 409 and nothing changes.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { decision, note } = req.validatedBody as PrescriptionReviewInput
  const held = await loadHeldOrder(req, req.params.id)
  const order = held?.order
  if (!held || !order) throw notFound("Order")
  const review = order.order_prescription_review
  if (!review) throw new ApiError(409, "This order does not need prescription review.")
  if (order.status === "canceled") throw new ApiError(409, "This order was canceled: there is nothing to review.")
  if (review.status !== "pending") throw new ApiError(409, `This order's prescription was already ${review.status}.`)
  try {
    await reviewOrderPrescriptionWorkflow(req.scope).run({
      input: { order_id: order.id, decision, note: note || undefined, actor_id: req.staff!.user_id },
    })
  } catch (error) {
    // Another staff member decided in the meantime.
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      throw new ApiError(409, `${(error as Error).message}.`)
    }
    throw error
  }
  const decided = (await loadHeldOrder(req, held.public_id))?.order?.order_prescription_review
  const view = await loadStaffOrderView(req.scope, held.public_id)
  res.json({
    ...view,
    prescription_review: decided
      ? { status: decided.status, note: decided.note ?? null, reviewed_at: decided.reviewed_at ?? null }
      : null,
  })
}

async function loadHeldOrder(req: StaffRequest, uniqueOrderId: string): Promise<HeldOrder | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "checkout_order",
    fields: [
      "public_id",
      "order.id",
      "order.status",
      "order.order_prescription_review.status",
      "order.order_prescription_review.note",
      "order.order_prescription_review.reviewed_at",
    ],
    filters: { public_id: uniqueOrderId.trim().toUpperCase() },
  })
  return (data[0] as unknown as HeldOrder | undefined) ?? null
}
