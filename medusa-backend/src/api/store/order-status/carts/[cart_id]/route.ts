import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { backendConfig } from "../../../../../lib/config"
import { readPlacedOrderStatus } from "../../../../../lib/orders/order-status-view"
import type { PlacedOrderStatus } from "../../../../../shared/dto/order-status"

/**
 * GET /store/order-status/carts/{cart_id}: right after checkout, the order the cart became and a
 * status link token for it (issue 23), so the confirmation page shows how to pay and links to the
 * order's status page. Only within the completed-cart grace period, like the cart's completion
 * (decision 0046): the cart id is what proves the caller placed the order. Never cached.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<PlacedOrderStatus | { type: string; message: string }>) {
  res.setHeader("Cache-Control", "no-store")
  res.setHeader("X-Robots-Tag", "noindex")
  const placed = await readPlacedOrderStatus(req.scope, String(req.params.cart_id ?? ""), backendConfig().completedCartGraceSeconds * 1000)
  if (!placed) return res.status(404).json({ type: MedusaError.Types.NOT_FOUND, message: "No order was placed from this cart just now." })
  res.json(placed)
}
