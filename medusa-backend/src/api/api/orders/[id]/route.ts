import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadStaffOrderView } from "../../../utils/legacy-orders"
import { notFound } from "../../../utils/api-errors"

/**
 * GET /api/orders/{unique_order_id}/ (staff only; everyone else gets 401, see
 * docs/decisions/0008-order-lookup-is-staff-only.md): the admin view of spec §3.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const order = await loadStaffOrderView(req.scope, req.params.id)
  if (!order) throw notFound("Order")
  res.json(order)
}
