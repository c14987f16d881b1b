import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { PrescriptionRequestInput } from "../../../shared/schemas/prescription-request"
import { submitPrescriptionRequestWorkflow } from "../../../workflows/prescription/workflows/submit-prescription-request"

/**
 * POST /api/prescription-request/ (guests welcome): one of the three forms,
 * stored encrypted. The answer echoes nothing the visitor typed.
 */
export async function POST(req: MedusaRequest<PrescriptionRequestInput>, res: MedusaResponse) {
  const { result } = await submitPrescriptionRequestWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({
    id: result.id,
    formType: result.form_type,
    status: result.status,
    created_at: result.created_at,
    detail: "Your request was received. Our pharmacy team will contact you.",
  })
}
