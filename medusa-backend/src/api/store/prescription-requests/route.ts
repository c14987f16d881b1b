import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { PrescriptionRequestInput } from "../../../shared/schemas/prescription-request"
import { receivePrescriptionRequest } from "../../utils/prescription-requests"

/**
 * POST /store/prescription-requests (guests welcome; Medusa requires the
 * publishable key on every /store route): one of the three forms, stored
 * encrypted. Limited per shopper and validated with the shared schema by the
 * middlewares (src/api/middlewares.ts). Answers 201 with the same body as the
 * legacy POST /api/prescription-request/.
 */
export async function POST(req: MedusaRequest<PrescriptionRequestInput>, res: MedusaResponse) {
  res.status(201).json(await receivePrescriptionRequest(req.scope, req.validatedBody))
}
