import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../../../../modules/prescription"
import type PrescriptionModuleService from "../../../../../modules/prescription/service"
import type { PrescriptionRequestDecision } from "../../../../../shared/dto/prescriptions"
import type { PrescriptionReviewInput } from "../../../../../shared/schemas/prescription-review"
import { reviewPrescriptionRequestWorkflow } from "../../../../../workflows/prescription/workflows/review-prescription-request"
import { ApiError, notFound } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"
import { isoDate } from "../../../../utils/iso-date"

/**
 * POST /api/prescription-requests/{id}/review/ (pharmacists): {decision, note}.
 * Audited. A request is decided once: a second decision is a 409 and changes
 * nothing. The answer holds the decision only, never the form.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { decision, note } = req.validatedBody as PrescriptionReviewInput
  const prescriptions = req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const [current] = await prescriptions.listPrescriptionRequests({ id: req.params.id })
  if (!current) throw notFound("Prescription request")
  if (current.status !== "received") throw new ApiError(409, `This request was already ${current.status}.`)
  try {
    await reviewPrescriptionRequestWorkflow(req.scope).run({
      input: { id: current.id, decision, note: note || undefined, actor_id: req.staff!.user_id },
    })
  } catch (error) {
    // Another staff member decided in the meantime.
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      throw new ApiError(409, `${(error as Error).message}.`)
    }
    throw error
  }
  const [decided] = await prescriptions.listPrescriptionRequests({ id: current.id })
  const body: PrescriptionRequestDecision = {
    id: decided.id,
    form_type: decided.form_type,
    status: decided.status,
    // The note just written (stored encrypted).
    review_note: note || null,
    reviewed_by: decided.reviewed_by ?? null,
    reviewed_at: decided.reviewed_at ? isoDate(decided.reviewed_at) : null,
  }
  res.json(body)
}
