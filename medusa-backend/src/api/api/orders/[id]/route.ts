import type { MedusaResponse } from "@medusajs/framework/http"

import { readStaffOrderView } from "../../../../lib/orders/staff-orders"
import { notFound } from "../../../utils/api-errors"
import type { StaffRequest } from "../../../utils/api-request"
import { isPharmacist } from "../../../utils/pharmacist"

/**
 * GET /api/orders/{unique_order_id}/ (staff only; everyone else gets 401, see
 * docs/decisions/0008-order-lookup-is-staff-only.md): the admin view of spec §3,
 * the only answer with an order's items, address and phone. Every read is
 * audited (who, when, which order; decision 0047). A pharmacist also gets the
 * prescription review's note; other staff get `note: null` (decision 0041).
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const order = await readStaffOrderView(req.scope, req.params.id, { actor_id: req.staff!.user_id, pharmacist: await isPharmacist(req) })
  if (!order) throw notFound("Order")
  res.json(order)
}
