import type { MedusaResponse } from "@medusajs/framework/http"

import { readOrderPrescriptionEvidence } from "../../../../../lib/orders/order-evidence"
import { notFound } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"

/**
 * GET /api/orders/{unique_order_id}/prescription-evidence/ (pharmacists, after two-step sign-in):
 * the prescription requests sent with the order's email, whole, and the review's history (issue
 * 24). Every request returned is a `read` in the audit log naming the order; never cached.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  const evidence = await readOrderPrescriptionEvidence(req.scope, req.params.id, req.staff!.user_id)
  if (!evidence) throw notFound("Order")
  res.json(evidence)
}
