/**
 * Receiving a prescription request form, for both paths to it: the legacy
 * `POST /api/prescription-request/` and the Store API's
 * `POST /store/prescription-requests` (the storefront's). Same workflow, same
 * answer; the routes differ only in their middlewares (decision 0023).
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import type { PrescriptionRequestInput, PrescriptionRequestReceipt } from "../../shared/schemas/prescription-request"
import { submitPrescriptionRequestWorkflow } from "../../workflows/prescription/workflows/submit-prescription-request"

export const PRESCRIPTION_REQUEST_RECEIVED = "Your request was received. Our pharmacy team will contact you."

/** Stores the (validated) request, encrypted, and answers what the 201 says: nothing the visitor typed. */
export async function receivePrescriptionRequest(
  scope: MedusaContainer,
  input: PrescriptionRequestInput
): Promise<PrescriptionRequestReceipt> {
  const { result } = await submitPrescriptionRequestWorkflow(scope).run({ input })
  return {
    id: result.id,
    formType: result.form_type,
    status: result.status,
    created_at: new Date(result.created_at).toISOString(),
    detail: PRESCRIPTION_REQUEST_RECEIVED,
  }
}
