import type { MedusaResponse } from "@medusajs/framework/http"

import { markOrderPaidWorkflow } from "../../../../../workflows/order/workflows/mark-order-paid"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrder } from "../../../../utils/order-actions"

/**
 * POST /api/orders/{unique_order_id}/mark-paid/ (staff): the customer's manual
 * payment arrived; Medusa captures the order's payment. 409 when it is paid or
 * canceled already.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  res.json(
    await onOrder(req.scope, req.params.id, (order) =>
      markOrderPaidWorkflow(req.scope).run({ input: { order_id: order.id, actor_id: req.staff!.user_id } })
    )
  )
}
