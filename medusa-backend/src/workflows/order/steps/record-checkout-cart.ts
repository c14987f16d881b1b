import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"

/**
 * Tells a legacy /api submission's reservation which cart becomes its order,
 * before the cart is completed: whatever interrupts the placement after that,
 * the order is found again through its cart (decision 0047). Nothing to undo:
 * a failed placement releases its reservation (place-order.ts).
 */
export const recordCheckoutCartStep = createStep(
  "record-checkout-cart",
  async (input: { checkout_order_id: string; cart_id: string }, { container }) => {
    await container.resolve<CheckoutModuleService>(CHECKOUT_MODULE).recordCart(input.checkout_order_id, input.cart_id)
    return new StepResponse(undefined)
  }
)
