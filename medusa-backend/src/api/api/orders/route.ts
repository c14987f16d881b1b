import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { listStaffOrders } from "../../../lib/orders/staff-orders"
import { idempotencyKeySchema, type LegacyOrderInput } from "../../../shared/schemas/order"
import { ApiError } from "../../utils/api-errors"
import type { StaffRequest } from "../../utils/api-request"
import { placeLegacyOrder } from "../../utils/legacy-orders"

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
  const header = req.headers["idempotency-key"]
  let key: string | undefined
  if (header !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header)
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0].message)
    key = parsed.data
  }
  res.status(201).json(await placeLegacyOrder(req.scope, req.validatedBody, key))
}
