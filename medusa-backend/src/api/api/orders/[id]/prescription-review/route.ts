import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { findOrderByNumber } from "../../../../../lib/orders/staff-orders"
import type { PrescriptionReviewInput } from "../../../../../shared/schemas/prescription-review"
import { reviewOrderPrescriptionWorkflow } from "../../../../../workflows/prescription/workflows/review-order-prescription"
import { ApiError, notFound } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"

/**
 * POST /api/orders/{unique_order_id}/prescription-review/ (pharmacists):
 * {decision, note} on an order held for prescription review. Approving
 * releases the hold (the order may be fulfilled); rejecting cancels the order
 * through Medusa and frees its stock. Audited. Orders without prescription
 * products, already decided or canceled answer 409 and nothing changes.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { decision, note } = req.validatedBody as PrescriptionReviewInput
  const found = await findOrderByNumber(req.scope, req.params.id)
  if (!found) throw notFound("Order")
  const { view } = found
  if (!view.requires_prescription) throw new ApiError(409, "This order does not need prescription review.")
  if (view.status === "canceled") throw new ApiError(409, "This order was canceled: there is nothing to review.")
  // An order already decided answers 409 from the workflow: its decision is conditional on a pending review, and
  // an approval the order outgrew (an edit added prescription items) is reopened there first (decision 0045).
  try {
    await reviewOrderPrescriptionWorkflow(req.scope).run({
      input: { order_id: found.id, decision, note: note || undefined, actor_id: req.staff!.user_id },
    })
  } catch (error) {
    // Another staff member decided in the meantime.
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      throw new ApiError(409, `${(error as Error).message}.`)
    }
    throw error
  }
  // The answer shows the note just written; the decision itself is the audit entry.
  res.json((await findOrderByNumber(req.scope, view.unique_order_id, { actor_id: req.staff!.user_id, audited: true }))!.view)
}
