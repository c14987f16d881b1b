import type { MedusaResponse } from "@medusajs/framework/http"

import { markOrderDelivered } from "../../../../../workflows/order/utils/mark-order-delivered"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrderView } from "../../../../utils/order-actions"
import { isPharmacist } from "../../../../utils/pharmacist"

/**
 * POST /api/orders/{unique_order_id}/deliver/ (staff, issue 24): the order's shipments are marked
 * delivered through Medusa's markOrderFulfillmentAsDeliveredWorkflow; the customer gets the
 * delivered email. 409, with nothing changed, when nothing has shipped yet, everything was
 * delivered already or the order is canceled. Answers the order's detail view.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const actor_id = req.staff!.user_id
  res.json(
    await onOrderView(req.scope, req.params.id, { actor_id, pharmacist: await isPharmacist(req) }, (order) =>
      markOrderDelivered(req.scope, order.id)
    )
  )
}
