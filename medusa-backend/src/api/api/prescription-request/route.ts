import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { PrescriptionRequestInput } from "../../../shared/schemas/prescription-request"
import { receivePrescriptionRequest } from "../../utils/prescription-requests"

/**
 * POST /api/prescription-request/ (guests welcome): one of the three forms,
 * stored encrypted. The answer echoes nothing the visitor typed. Kept for
 * legacy clients; the storefront uses POST /store/prescription-requests.
 */
export async function POST(req: MedusaRequest<PrescriptionRequestInput>, res: MedusaResponse) {
  res.status(201).json(await receivePrescriptionRequest(req.scope, req.validatedBody))
}
