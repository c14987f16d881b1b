import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { listStaffOrders } from "../../../lib/orders/staff-orders"
import { idempotencyKeySchema, type LegacyOrderInput } from "../../../shared/schemas/order"
import type { StaffRequest } from "../../utils/api-request"
import { placeLegacyOrder } from "../../utils/legacy-orders"
import { parseHeader } from "../../utils/validate"

/**
 * GET /api/orders/ (staff): newest first, paged by limit/offset, as list rows
 * (number, status, totals, date, email: no items, address or phone; those are
 * in GET /api/orders/{number}/). The orders held for prescription review
 * (`?status=awaiting_prescription_review`) are for pharmacists. Every list
 * read is audited (decision 0047).
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const page = req.validatedQuery as { limit?: number; offset?: number; status?: "awaiting_prescription_review" }
  const { orders, count } = await listStaffOrders(req.scope, page, req.staff!.user_id)
  res.setHeader("X-Total-Count", String(count))
  res.json(orders)
}

/**
 * POST /api/orders/ (guests welcome): the spec's order payload. An
 * Idempotency-Key header makes a retried submission return the same order.
 */
export async function POST(req: MedusaRequest<LegacyOrderInput>, res: MedusaResponse) {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema)
  res.status(201).json(await placeLegacyOrder(req.scope, req.validatedBody, key))
}
