import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { readOrderStatusByToken } from "../../../../lib/orders/order-status-view"
import { ORDER_STATUS_NOT_FOUND_MESSAGE, type OrderStatusView } from "../../../../shared/dto/order-status"

/**
 * A guest's order status through the signed link of their emails (issue 23, decision 0050).
 * Never stored by a cache or indexed; a link that opens nothing (tampered, expired, revoked,
 * another order's) answers one 404, the same for every such link, naming no order.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<{ order: OrderStatusView } | { type: string; message: string }>) {
  res.setHeader("Cache-Control", "no-store")
  res.setHeader("X-Robots-Tag", "noindex")
  const view = await readOrderStatusByToken(req.scope, String(req.params.token ?? ""))
  if (!view) return res.status(404).json({ type: MedusaError.Types.NOT_FOUND, message: ORDER_STATUS_NOT_FOUND_MESSAGE })
  res.json({ order: view })
}
