import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { findOrderByNumber } from "../../../../../lib/orders/staff-orders"
import type { OrderPrescriptionReviewInput } from "../../../../../shared/schemas/prescription-review"
import { reviewOrderPrescriptionWorkflow } from "../../../../../workflows/prescription/workflows/review-order-prescription"
import { ApiError, notFound } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"

/**
 * POST /api/orders/{unique_order_id}/prescription-review/ (pharmacists):
 * {decision, note, message} on an order held for prescription review. Approving
 * releases the hold (the order may be fulfilled); rejecting cancels the order
 * through Medusa and frees its stock; needs_information keeps it held and emails
 * the patient the message (issue 23). Audited. Orders without prescription
 * products, already decided or canceled answer 409 and nothing changes: the
 * workflow's steps refuse them (not allowed), mapped here.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { decision, note, message } = req.validatedBody as OrderPrescriptionReviewInput
  const found = await findOrderByNumber(req.scope, req.params.id)
  if (!found) throw notFound("Order")
  // An order already decided answers 409 from the workflow: its decision is conditional on an open review, and
  // an approval the order outgrew (an edit added prescription items) is reopened there first (decision 0045).
  try {
    await reviewOrderPrescriptionWorkflow(req.scope).run({
      input: {
        order_id: found.id,
        decision,
        note: note || undefined,
        patient_message: message || undefined,
        actor_id: req.staff!.user_id,
      },
    })
  } catch (error) {
    // Canceled, no review needed, or another staff member decided in the meantime.
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      throw new ApiError(409, `${(error as Error).message}.`)
    }
    throw error
  }
  // The answer shows the note just written; the decision itself is the audit entry.
  res.json((await findOrderByNumber(req.scope, found.view.unique_order_id, { actor_id: req.staff!.user_id, audited: true }))!.view)
}
