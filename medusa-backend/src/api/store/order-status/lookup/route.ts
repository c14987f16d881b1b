import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { requestOrderStatusLink } from "../../../../lib/orders/order-lookup"
import { ORDER_LOOKUP_ANSWER, type OrderLookupInput } from "../../../../shared/schemas/order-lookup"

/**
 * POST /store/order-status/lookup {order_number, email} ("Find my order", issue 23): emails the
 * order's status link to its address when both match. One answer, 202, whether or not they
 * matched, so nobody learns which orders or addresses exist. Limited per shopper and per address
 * typed (the middlewares), validated with the storefront form's schema.
 */
export async function POST(req: MedusaRequest<OrderLookupInput>, res: MedusaResponse<{ message: string }>) {
  res.setHeader("Cache-Control", "no-store")
  await requestOrderStatusLink(req.scope, req.validatedBody)
  res.status(202).json({ message: ORDER_LOOKUP_ANSWER })
}
