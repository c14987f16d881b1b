import type { MedusaResponse } from "@medusajs/framework/http"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"

import { ApiError } from "../../../../utils/api-errors"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrder } from "../../../../utils/order-actions"

/**
 * POST /api/orders/{unique_order_id}/cancel/ (staff): Medusa's own order
 * cancellation. Its stock reservations are released and a captured payment is
 * refunded (recorded; the money goes back outside the store). 409 when the
 * order is canceled already or has shipped.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  res.json(
    await onOrder(req.scope, req.params.id, async (order) => {
      if (order.view.status === "canceled" || order.view.status === "prescription_rejected") {
        throw new ApiError(409, "This order was canceled already.")
      }
      await cancelOrderWorkflow(req.scope).run({ input: { order_id: order.id, canceled_by: req.staff!.user_id } })
    })
  )
}
