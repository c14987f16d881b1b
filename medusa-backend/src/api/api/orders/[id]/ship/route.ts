import type { MedusaResponse } from "@medusajs/framework/http"

import type { OrderShipInput } from "../../../../../shared/schemas/order-shipment"
import { shipOrderWorkflow } from "../../../../../workflows/order/workflows/ship-order"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrderView } from "../../../../utils/order-actions"
import { isPharmacist } from "../../../../utils/pharmacist"

/**
 * POST /api/orders/{unique_order_id}/ship/ {carrier, tracking_number} (staff, issue 24): every
 * unit not shipped yet becomes a Medusa fulfilment, marked shipped with the tracking label
 * (shipOrderWorkflow); the customer gets the shipped email. 400 for a tracking number that is not
 * the carrier's; 409, with nothing created, for an order canceled, shipped already, not paid or
 * waiting for a pharmacist. Answers the order's detail view, with its shipments.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { carrier, tracking_number } = req.validatedBody as OrderShipInput
  const actor_id = req.staff!.user_id
  res.json(
    await onOrderView(req.scope, req.params.id, { actor_id, pharmacist: await isPharmacist(req) }, (order) =>
      shipOrderWorkflow(req.scope).run({ input: { order_id: order.id, carrier, tracking_number, actor_id } })
    )
  )
}
