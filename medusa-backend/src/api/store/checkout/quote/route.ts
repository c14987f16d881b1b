import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { quoteSchema } from "../../../../shared/schemas/quote"
import { quoteOrder } from "../../../../workflows/order/workflows/quote-order"
import { parseOrThrow } from "../../../utils/validate"

/** The server's totals for these lines and discount code: what the order would cost. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { items, discount_code } = parseOrThrow(quoteSchema, req.body)
  const quote = await quoteOrder(req.scope, { items, discount_code })
  res.json(quote)
}
