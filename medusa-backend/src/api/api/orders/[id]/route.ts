import type { MedusaResponse } from "@medusajs/framework/http"
import { loadStaffOrderView } from "../../../utils/legacy-orders"
import { notFound } from "../../../utils/api-errors"
import type { StaffRequest } from "../../../utils/api-request"
import { isPharmacist } from "../../../utils/pharmacist"

/**
 * GET /api/orders/{unique_order_id}/ (staff only; everyone else gets 401, see
 * docs/decisions/0008-order-lookup-is-staff-only.md): the admin view of spec §3.
 * A pharmacist also gets the prescription review's note (an audited read);
 * other staff get `note: null` (decision 0041).
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const noteReader = (await isPharmacist(req)) ? { actor_id: req.staff!.user_id } : undefined
  const order = await loadStaffOrderView(req.scope, req.params.id, noteReader)
  if (!order) throw notFound("Order")
  res.json(order)
}
