import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { readProductFlags } from "../../../lib/catalog/product-flags"
import { lineIsPrescriptionToday } from "../../../lib/orders/order-prescription"
import { checkLinesInStock } from "../utils/stock"

export type OrderItemInput = { product_id: string; variant_id: string; quantity: number }

/**
 * Checks an order's lines before a cart is built, for messages a customer can
 * act on: unknown or mismatched ids, unpublished products, not enough stock.
 * Cart completion checks the stock again, under a lock (src/workflows/hooks).
 */
export const checkOrderItemsStep = createStep("check-order-items", async (input: { items: OrderItemInput[] }, { container }) => {
  const variants = await checkLinesInStock(container, input.items)
  const productRx = new Map<string, boolean>()
  for (const item of input.items) {
    const variant = variants.get(item.variant_id)!
    if (variant.product_id !== item.product_id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A variant in your order does not belong to its product.")
    }
    productRx.set(item.product_id, readProductFlags(variant.product!.metadata).prescription)
  }
  // The order will need a pharmacist by the rule its hold applies (src/lib/orders/order-prescription.ts).
  return new StepResponse({ requires_prescription: input.items.some((item) => lineIsPrescriptionToday(item, productRx)) })
})
