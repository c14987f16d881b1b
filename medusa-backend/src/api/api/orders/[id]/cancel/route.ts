import type { MedusaResponse } from "@medusajs/framework/http"

import { cancelOrderUnderPaymentLockWorkflow } from "../../../../../workflows/order/workflows/cancel-order"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrder } from "../../../../utils/order-actions"

/**
 * POST /api/orders/{unique_order_id}/cancel/ (staff): Medusa's own order
 * cancellation, under the order's payment lock. Its stock reservations are
 * released and a captured payment is refunded (recorded; the money goes back
 * outside the store). 409 when the order is canceled already or has shipped
 * (the workflow refuses; onOrder maps the refusal).
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  res.json(
    await onOrder(req.scope, req.params.id, (order) =>
      cancelOrderUnderPaymentLockWorkflow(req.scope).run({ input: { order_id: order.id, canceled_by: req.staff!.user_id } })
    )
  )
}
